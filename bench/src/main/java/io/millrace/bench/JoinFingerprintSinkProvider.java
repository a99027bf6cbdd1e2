package io.millrace.bench;

import io.millrace.spi.Spi;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The join benchmark's sink, {@code join-fingerprint}: what ../shared/spark-baseline's join
 * benchmark observes of Spark's output (its {@code Dataset.observe("fingerprint", ..)}), summed
 * over the run: rows, matched rows (clickImpId not null), the sums of impId over all and over
 * matched rows, and the sum of clickTs - impTs in ms over matched rows. Benchmarks only, as noop.
 */
public final class JoinFingerprintSinkProvider implements SinkProvider {
  static final LongAdder ROWS = new LongAdder();
  static final LongAdder MATCHED = new LongAdder();
  static final LongAdder SUM_IMP_ID = new LongAdder();
  static final LongAdder SUM_MATCHED_IMP_ID = new LongAdder();
  static final LongAdder SUM_CLICK_DELAY_MS = new LongAdder();

  @Override
  public String name() {
    return "join-fingerprint";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public boolean allowsTemporaryCheckpoint() {
    return true;
  }

  @Override
  public String description() {
    return "sums the join benchmark's fingerprint over every row (benchmarks only)";
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
        Schema s = batch.schema();
        int impId = s.indexOf("impId");
        int impTs = s.indexOf("impTs");
        int clickImpId = s.indexOf("clickImpId");
        int clickTs = s.indexOf("clickTs");
        for (Row row : batch) {
          ROWS.increment();
          long id = row.getLong(impId);
          SUM_IMP_ID.add(id);
          if (!row.isNullAt(clickImpId)) {
            MATCHED.increment();
            SUM_MATCHED_IMP_ID.add(id);
            SUM_CLICK_DELAY_MS.add((row.getLong(clickTs) - row.getLong(impTs)) / 1000);
          }
        }
      }

      @Override
      public Map<String, String> metrics() {
        return Map.of("rows", Long.toString(ROWS.sum()));
      }
    };
  }

  /** The run's fingerprint, named as spark-baseline's results name it. */
  static Map<String, Object> fingerprint() {
    return Map.of("rows", ROWS.sum(), "matchedRows", MATCHED.sum(), "sumImpId", SUM_IMP_ID.sum(),
        "sumMatchedImpId", SUM_MATCHED_IMP_ID.sum(), "sumClickDelayMs", SUM_CLICK_DELAY_MS.sum(),
        "nullPaddedRows", ROWS.sum() - MATCHED.sum(), "sumNullPaddedImpId", SUM_IMP_ID.sum() - SUM_MATCHED_IMP_ID.sum());
  }
}
