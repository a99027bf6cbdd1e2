package io.millrace.bench;

import io.millrace.spi.Spi;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@code noop} sink of the end-to-end benchmark, Spark's {@code format("noop")}: it walks
 * every row of every batch (so a lazily produced batch is really produced) and keeps only a
 * count. It lives in the bench module, not in {@code plugins}: a shipped sink must pass the TCK,
 * whose read-back kit needs rows to read back.
 *
 * <p>Exactly-once holds trivially: nothing is written, so a replayed batch changes nothing
 * durable. The row counter is per process and does count a replay twice.
 */
public final class NoopSinkProvider implements SinkProvider {
  /** Rows seen by every noop sink of this process. */
  static final LongAdder ROWS = new LongAdder();

  @Override
  public String name() {
    return "noop";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  /** {@inheritDoc} It keeps nothing, as Spark's noop sink, which also runs without a checkpoint location. */
  @Override
  public boolean allowsTemporaryCheckpoint() {
    return true;
  }

  @Override
  public String description() {
    return "discards every row (benchmarks only)";
  }

  @Override
  public Sink create(SinkContext context) {
    return new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) {
        // Takes each row from the batch's iterator, as Spark's noop writer is handed each one,
        // without reading it: a loop over Row would cast each element, a read of every row's
        // header, and of rows long out of the cache that was most of this sink's time.
        long n = 0;
        for (Iterator<?> rows = batch.iterator(); rows.hasNext(); rows.next()) {
          n++;
        }
        ROWS.add(n);
      }

      @Override
      public Map<String, String> metrics() {
        return Map.of("rows", Long.toString(ROWS.sum()));
      }
    };
  }
}
