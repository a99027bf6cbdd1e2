package io.millrace.tck.source;

import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Broken on purpose: an instance that has not polled {@code latestOffset} yet (a fresh one
 * replaying a range from the write-ahead log) reads each partition one row late, an off-by-one
 * in its recovery path. Must fail S03 only.
 */
public final class ReplayDiffersSourceProvider extends ReferenceSourceProvider {

  @Override
  public String name() {
    return "tck-broken-replay-differs";
  }

  @Override
  public Source create(SourceContext context) {
    return new ForwardingSource(super.create(context)) {
      private boolean polled;

      @Override
      public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
        polled = true;
        return delegate.latestOffset(start, limit);
      }

      @Override
      public PartitionReader createReader(InputPartition partition) throws IOException {
        if (polled) {
          return delegate.createReader(partition);
        }
        LogPartition slice = (LogPartition) partition;
        Path log = Path.of(slice.log());
        return ReferenceSource.reader(ReferenceLogs.rows(log, ReferenceLogs.segments(log), slice.from() + 1, slice.until() + 1));
      }
    };
  }
}
