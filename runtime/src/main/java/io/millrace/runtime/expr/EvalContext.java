package io.millrace.runtime.expr;

/**
 * Per-batch facts an expression may read. The batch timestamp is recorded in the write-ahead
 * log, so {@code current_timestamp()} gives the same value when a batch is replayed.
 */
public interface EvalContext {

  /** The batch's logical time, microseconds since the epoch, UTC. */
  long batchTimestampMicros();

  /** Where {@code withWatermark} records the event times it sees; null outside a batch. */
  default EventTimeStats eventTimeStats() {
    return null;
  }

  static EvalContext ofBatchTimestamp(long micros) {
    return () -> micros;
  }

  /** A batch's context: its logical time and the collector of its event times. */
  static EvalContext ofBatch(long micros, EventTimeStats stats) {
    return new EvalContext() {
      @Override
      public long batchTimestampMicros() {
        return micros;
      }

      @Override
      public EventTimeStats eventTimeStats() {
        return stats;
      }
    };
  }
}
