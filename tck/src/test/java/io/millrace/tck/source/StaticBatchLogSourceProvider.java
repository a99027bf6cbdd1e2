package io.millrace.tck.source;

import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Broken on purpose: its offsets count batches ({@code {"batch":n}}), and which rows batch n
 * took is kept in a static map per metadata path rather than in the source's own directory, as
 * if a restart always happened in the same JVM. Every fresh instance in this JVM replays a batch;
 * a new process cannot. Must fail S15 only.
 */
public final class StaticBatchLogSourceProvider extends ReferenceSourceProvider {
  private static final Map<String, Long> BATCH_ENDS = new ConcurrentHashMap<>();

  @Override
  public String name() {
    return "tck-broken-static-batch-log";
  }

  @Override
  public Source create(SourceContext context) {
    String log = context.metadataPath().toString();
    return new ForwardingSource(super.create(context)) {
      private LogOffset rows(Offset offset) {
        long batch = BatchOffset.of(offset).batch();
        if (batch == 0) {
          return new LogOffset(0);
        }
        Long end = BATCH_ENDS.get(log + " " + batch);
        if (end == null) {
          throw new IllegalStateException("source 'tck-broken-static-batch-log' has no batch " + batch + " in its log");
        }
        return new LogOffset(end);
      }

      @Override
      public Offset initialOffset() {
        return new BatchOffset(0);
      }

      @Override
      public Offset deserializeOffset(String json) {
        return BatchOffset.of(() -> json);
      }

      @Override
      public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
        LogOffset from = rows(start);
        Offset end = delegate.latestOffset(from, limit);
        if (end.json().equals(from.json())) {
          return start;
        }
        long batch = BatchOffset.of(start).batch() + 1;
        BATCH_ENDS.put(log + " " + batch, LogOffset.of(end).next());
        return new BatchOffset(batch);
      }

      @Override
      public List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException {
        return delegate.planInputPartitions(rows(start), rows(end));
      }

      @Override
      public void commit(Offset end) throws IOException {
        delegate.commit(rows(end));
      }
    };
  }
}
