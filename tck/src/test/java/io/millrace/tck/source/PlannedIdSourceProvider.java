package io.millrace.tck.source;

import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Broken on purpose: a planned partition is only a name in the planning instance's table of
 * slices. It serializes, and the instance that planned it reads it, but no other instance can.
 * Must fail S16 only.
 */
public final class PlannedIdSourceProvider extends ReferenceSourceProvider {
  /** The slice's name in the instance that planned it. */
  record PlannedSlice(String id) implements InputPartition {}

  @Override
  public String name() {
    return "tck-broken-planned-id";
  }

  @Override
  public Source create(SourceContext context) {
    Map<String, InputPartition> planned = new ConcurrentHashMap<>();
    return new ForwardingSource(super.create(context)) {
      @Override
      public List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException {
        List<InputPartition> ids = new ArrayList<>();
        for (InputPartition p : delegate.planInputPartitions(start, end)) {
          String id = java.util.UUID.randomUUID().toString();
          planned.put(id, p);
          ids.add(new PlannedSlice(id));
        }
        return ids;
      }

      @Override
      public PartitionReader createReader(InputPartition partition) throws IOException {
        InputPartition slice = planned.get(((PlannedSlice) partition).id());
        if (slice == null) {
          throw new IOException("no slice " + partition + " was planned by this instance");
        }
        return delegate.createReader(slice);
      }
    };
  }
}
