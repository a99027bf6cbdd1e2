package io.millrace.tck.source;

import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;
import java.util.List;

/**
 * Broken on purpose: each planned partition carries, beside its slice, the source instance that
 * planned it (to reach its open log without reopening it), which does not serialize. Within one
 * process it reads correctly. Must fail S16 only.
 */
public final class UnserializablePartitionSourceProvider extends ReferenceSourceProvider {
  /** A slice and the instance that planned it. */
  record PlannedBy(LogPartition slice, Source planner) implements InputPartition {}

  @Override
  public String name() {
    return "tck-broken-unserializable-partition";
  }

  @Override
  public Source create(SourceContext context) {
    return new ForwardingSource(super.create(context)) {
      @Override
      public List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException {
        return delegate.planInputPartitions(start, end).stream()
            .<InputPartition>map(p -> new PlannedBy((LogPartition) p, delegate)).toList();
      }

      @Override
      public PartitionReader createReader(InputPartition partition) throws IOException {
        return delegate.createReader(((PlannedBy) partition).slice());
      }
    };
  }
}
