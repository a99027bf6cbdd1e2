package io.millrace.tck.source;

import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;
import java.util.List;

/**
 * Broken on purpose: polled with nothing new, the source answers one row before the start
 * (an off-by-one in its "nothing new" branch), so offsets move back. Its planner treats a
 * backward range as empty. Must fail S02 only.
 */
public final class BackwardOffsetsSourceProvider extends ReferenceSourceProvider {

  @Override
  public String name() {
    return "tck-broken-backward-offsets";
  }

  @Override
  public Source create(SourceContext context) {
    return new ForwardingSource(super.create(context)) {
      @Override
      public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
        Offset latest = delegate.latestOffset(start, limit);
        long at = LogOffset.of(start).next();
        return latest.json().equals(start.json()) && at > 0 ? new LogOffset(at - 1) : latest;
      }

      @Override
      public List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException {
        return LogOffset.of(end).next() < LogOffset.of(start).next() ? List.of() : delegate.planInputPartitions(start, end);
      }
    };
  }
}
