package io.millrace.api.testing;

import io.millrace.api.Clock;
import java.util.Map;
import java.util.OptionalLong;
import java.util.WeakHashMap;

/**
 * A clock that stands still until {@link #advance} moves it: tests decide when a
 * processing-time trigger fires or a processing-time timer expires, without sleeping.
 *
 * <p>It also tells whether someone waits on it and since when ({@link #isWaitingAt}), as Spark's
 * {@code StreamManualClock} does: a test advances the clock only once the query waits on it,
 * so that the advance cannot slip in before the query read the time and be lost.
 */
public final class ManualClock implements Clock {
  private final Object lock = new Object();
  /** Each monitor waited on, with the time the clock read when its wait began and the deadline. */
  private final Map<Object, Wait> waiting = new WeakHashMap<>();
  private long now;

  private record Wait(long since, long deadline) {}

  public ManualClock(long startMillis) {
    this.now = startMillis;
  }

  public ManualClock() {
    this(0);
  }

  @Override
  public long millis() {
    synchronized (lock) {
      return now;
    }
  }

  /**
   * Moves the clock forward by {@code millis} and wakes everyone waiting on it. The woken no
   * longer count as waiting until they wait again, so {@link #isWaitingAt} answers for the new
   * time only once they are back.
   */
  public void advance(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("a clock does not move back: " + millis);
    }
    Object[] toWake;
    synchronized (lock) {
      now += millis;
      toWake = waiting.keySet().toArray();
      waiting.clear();
    }
    for (Object monitor : toWake) {
      synchronized (monitor) {
        monitor.notifyAll();
      }
    }
  }

  /**
   * Whether someone waits on this clock, having begun to wait when it read {@code millis}: a
   * query that waits at the clock's current time has done all it can until the clock moves.
   */
  public boolean isWaitingAt(long millis) {
    synchronized (lock) {
      return waiting.values().stream().anyMatch(w -> w.since() == millis);
    }
  }

  /** The earliest time someone waits for, if anyone waits. */
  public OptionalLong earliestDeadline() {
    synchronized (lock) {
      return waiting.values().stream().mapToLong(Wait::deadline).min();
    }
  }

  @Override
  public void awaitUntil(Object monitor, long deadlineMillis) throws InterruptedException {
    synchronized (lock) {
      if (now >= deadlineMillis) {
        return;
      }
      waiting.put(monitor, new Wait(now, deadlineMillis));
    }
    // The caller holds the monitor's lock, and advance() takes it to notify: no wake-up is lost
    // between the registration above and the wait below.
    try {
      monitor.wait();
    } finally {
      synchronized (lock) {
        waiting.remove(monitor);
      }
    }
  }

  @Override
  public String toString() {
    return "ManualClock[" + millis() + " ms]";
  }
}
