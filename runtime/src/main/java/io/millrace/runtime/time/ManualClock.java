package io.millrace.runtime.time;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * A clock that stands still until {@link #advance} moves it: tests decide when a
 * processing-time trigger fires or a processing-time timer expires, without sleeping.
 */
public final class ManualClock implements Clock {
  private final Object lock = new Object();
  private final Set<Object> waiting = Collections.newSetFromMap(new WeakHashMap<>());
  private long now;

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

  /** Moves the clock forward by {@code millis} and wakes everyone waiting on it. */
  public void advance(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("a clock does not move back: " + millis);
    }
    Object[] toWake;
    synchronized (lock) {
      now += millis;
      toWake = waiting.toArray();
    }
    for (Object monitor : toWake) {
      synchronized (monitor) {
        monitor.notifyAll();
      }
    }
  }

  @Override
  public void awaitUntil(Object monitor, long deadlineMillis) throws InterruptedException {
    synchronized (lock) {
      if (now >= deadlineMillis) {
        return;
      }
      waiting.add(monitor);
    }
    try {
      monitor.wait();
    } finally {
      synchronized (lock) {
        waiting.remove(monitor);
      }
    }
  }
}
