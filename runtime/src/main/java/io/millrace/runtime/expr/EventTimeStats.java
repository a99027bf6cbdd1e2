package io.millrace.runtime.expr;

/**
 * The event times one batch saw at one {@code withWatermark} operator: min, max, mean and
 * count. The max drives the next watermark.
 *
 * <p>Each reader task observes into its own instance ({@link EvalContext#forTask()}) with plain fields and
 * adds it to the batch's once at the end ({@link #add}): a shared accumulator updated on every
 * row cost a contended atomic per row on each core.
 */
public final class EventTimeStats {
  private long max = Long.MIN_VALUE;
  private long min = Long.MAX_VALUE;
  private long sumMillis;
  private long count;
  private long held;
  private boolean holding;

  /** Records one row's event time, in microseconds; one thread only. */
  public void observe(long micros) {
    if (micros > max) {
      max = micros;
    }
    if (micros < min) {
      min = micros;
    }
    sumMillis += micros / 1000;
    count++;
  }

  /**
   * Holds a row's event time (null for none) until {@link #observeHeld}: for a time read before
   * a projection that drops the column, from a row the filters after it may still drop. Rows go
   * through a task's pipeline one at a time, so one row's time is held at once.
   */
  public void hold(Object micros) {
    holding = micros != null;
    held = holding ? (Long) micros : 0;
  }

  /** Records the held time, if the row that held it had one. */
  public void observeHeld() {
    if (holding) {
      observe(held);
      holding = false;
    }
  }

  /** Adds what a task observed; tasks may add at the same time. */
  public synchronized void add(EventTimeStats task) {
    max = Math.max(max, task.max);
    min = Math.min(min, task.min);
    sumMillis += task.sumMillis;
    count += task.count;
  }

  public synchronized long count() {
    return count;
  }

  public synchronized long maxMicros() {
    return max;
  }

  public synchronized long minMicros() {
    return min;
  }

  /** All of {@code stats} together, as the progress reports the event times of several watermarks. */
  public static EventTimeStats merged(java.util.List<EventTimeStats> stats) {
    EventTimeStats all = new EventTimeStats();
    stats.forEach(all::add);
    return all;
  }

  /** The mean in milliseconds (summed in milliseconds so a large batch cannot overflow). */
  public synchronized long avgMillis() {
    return count == 0 ? 0 : sumMillis / count;
  }
}
