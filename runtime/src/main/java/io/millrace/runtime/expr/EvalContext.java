package io.millrace.runtime.expr;

/**
 * Per-batch facts an expression may read. The batch timestamp is recorded in the write-ahead
 * log, so {@code current_timestamp()} gives the same value when a batch is replayed.
 */
public interface EvalContext {

  /** The batch's logical time, microseconds since the epoch, UTC. */
  long batchTimestampMicros();

  /**
   * Where the {@code withWatermark} operator numbered {@code watermark} (in plan order) records
   * the event times it sees; null outside a batch.
   */
  default EventTimeStats eventTimeStats(int watermark) {
    return null;
  }

  /** How many {@code withWatermark} operators record event times in this context. */
  default int watermarks() {
    return 0;
  }

  /**
   * The context one task evaluates in: the same batch facts, with event times collected apart
   * and added to this context's when {@code taskDone} runs. Without collectors, this one.
   */
  default EvalContext forTask() {
    int n = watermarks();
    if (n == 0) {
      return this;
    }
    EvalContext batch = this;
    EventTimeStats[] task = new EventTimeStats[n];
    for (int i = 0; i < n; i++) {
      task[i] = new EventTimeStats();
    }
    return new EvalContext() {
      @Override
      public long batchTimestampMicros() {
        return batch.batchTimestampMicros();
      }

      @Override
      public void count(String metric, long n) {
        batch.count(metric, n);
      }

      @Override
      public EventTimeStats eventTimeStats(int watermark) {
        return task[watermark];
      }

      @Override
      public int watermarks() {
        return task.length;
      }

      @Override
      public void taskDone() {
        for (int i = 0; i < task.length; i++) {
          batch.eventTimeStats(i).add(task[i]);
        }
      }
    };
  }

  /** Ends a context from {@link #forTask()}: what it collected joins the batch's. */
  default void taskDone() {}

  /**
   * Counts {@code n} of {@code metric}, something an expression did that its result does not
   * show (a record {@code from_json} could not parse, say); the batch's progress reports the
   * counts in {@code customMetrics}. Thread-safe: tasks count into their batch's context.
   */
  default void count(String metric, long n) {}

  /** What {@link #count} counted in this batch, by metric; empty when nothing was. */
  default java.util.Map<String, Long> counts() {
    return java.util.Map.of();
  }

  static EvalContext ofBatchTimestamp(long micros) {
    return () -> micros;
  }

  /** A batch's context: its logical time and a collector of event times per {@code withWatermark}. */
  static EvalContext ofBatch(long micros, EventTimeStats... stats) {
    EventTimeStats[] collectors = stats.clone();
    java.util.Map<String, java.util.concurrent.atomic.LongAdder> counters = new java.util.concurrent.ConcurrentHashMap<>();
    return new EvalContext() {
      @Override
      public long batchTimestampMicros() {
        return micros;
      }

      @Override
      public void count(String metric, long n) {
        counters.computeIfAbsent(metric, k -> new java.util.concurrent.atomic.LongAdder()).add(n);
      }

      @Override
      public java.util.Map<String, Long> counts() {
        java.util.Map<String, Long> out = new java.util.TreeMap<>();
        counters.forEach((k, v) -> out.put(k, v.sum()));
        return out;
      }

      @Override
      public EventTimeStats eventTimeStats(int watermark) {
        return collectors[watermark];
      }

      @Override
      public int watermarks() {
        return collectors.length;
      }
    };
  }
}
