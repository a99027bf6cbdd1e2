package io.millrace.bench;

import io.millrace.spi.Spi;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The sessions benchmark's sink, {@code sessions-fingerprint}: what ../shared/spark-baseline's
 * sessions benchmark observes of Spark's output in front of its noop sink, summed over the run:
 * sessions, the sum of events, of sessionEnd - sessionStart in ms, and of round(total * 100).
 * Benchmarks only, as noop.
 */
public final class SessionsFingerprintSinkProvider implements SinkProvider {
  static final LongAdder SESSIONS = new LongAdder();
  static final LongAdder SUM_EVENTS = new LongAdder();
  static final LongAdder SUM_LENGTH_MS = new LongAdder();
  static final LongAdder SUM_TOTAL_CENTS = new LongAdder();

  @Override
  public String name() {
    return "sessions-fingerprint";
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
    return "sums the sessions benchmark's fingerprint over every row (benchmarks only)";
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
        int start = s.indexOf("sessionStart");
        int end = s.indexOf("sessionEnd");
        int events = s.indexOf("events");
        int total = s.indexOf("total");
        for (Row row : batch) {
          SESSIONS.increment();
          // Null sums count 0, as Spark's sum over observe() skips nulls.
          if (!row.isNullAt(events)) {
            SUM_EVENTS.add(row.getLong(events));
          }
          if (!row.isNullAt(start) && !row.isNullAt(end)) {
            SUM_LENGTH_MS.add(Math.floorDiv(row.getLong(end), 1000L) - Math.floorDiv(row.getLong(start), 1000L));
          }
          if (!row.isNullAt(total)) {
            SUM_TOTAL_CENTS.add(Math.round(row.getDouble(total) * 100));
          }
        }
      }

      @Override
      public Map<String, String> metrics() {
        return Map.of("sessions", Long.toString(SESSIONS.sum()));
      }
    };
  }

  /** The run's fingerprint, named as spark-baseline's results name it. */
  static Map<String, Object> fingerprint() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("sessions", SESSIONS.sum());
    f.put("sumEvents", SUM_EVENTS.sum());
    f.put("sumLengthMs", SUM_LENGTH_MS.sum());
    f.put("sumTotalCents", SUM_TOTAL_CENTS.sum());
    return f;
  }
}
