package io.millrace.runtime.expr;

/**
 * Per-batch facts an expression may read. The batch timestamp is recorded in the write-ahead
 * log, so {@code current_timestamp()} gives the same value when a batch is replayed.
 */
public interface EvalContext {

  /** The batch's logical time, microseconds since the epoch, UTC. */
  long batchTimestampMicros();

  static EvalContext ofBatchTimestamp(long micros) {
    return () -> micros;
  }
}
