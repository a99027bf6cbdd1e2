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

  /**
   * The context one reader task evaluates in: the same batch facts, with event times collected
   * apart and added to this context's when {@code taskDone} runs. Without a collector, this one.
   */
  default EvalContext forTask() {
    EventTimeStats batch = eventTimeStats();
    if (batch == null) {
      return this;
    }
    EventTimeStats task = batch.forTask();
    EvalContext parent = this;
    return new EvalContext() {
      @Override
      public long batchTimestampMicros() {
        return parent.batchTimestampMicros();
      }

      @Override
      public EventTimeStats eventTimeStats() {
        return task;
      }

      @Override
      public void taskDone() {
        batch.add(task);
      }
    };
  }

  /** Ends a context from {@link #forTask()}: what it collected joins the batch's. */
  default void taskDone() {}

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
