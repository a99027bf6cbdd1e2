package io.millrace.runtime.time;

/**
 * Where the engine reads the wall clock: trigger intervals, batch timestamps, processing-time
 * timers. The user API has its own {@link io.millrace.api.Clock} (a session's clock, such as the
 * tests' {@code io.millrace.api.testing.ManualClock}); {@link #of} adapts it, so that the engine's
 * code keeps one clock type of its own.
 */
public interface Clock {

  /** Milliseconds since the epoch, as {@link System#currentTimeMillis()}. */
  long millis();

  /**
   * Waits on {@code monitor}, whose lock the caller holds, until this clock reaches
   * {@code deadlineMillis} or the monitor is notified, whichever comes first. Callers re-check
   * their own condition after it returns, as with {@link Object#wait}.
   */
  void awaitUntil(Object monitor, long deadlineMillis) throws InterruptedException;

  /** The machine's clock. */
  static Clock system() {
    return SystemClock.INSTANCE;
  }

  /** The engine's view of a session's clock. */
  static Clock of(io.millrace.api.Clock clock) {
    return clock == io.millrace.api.Clock.system() ? system() : new ApiClock(clock);
  }
}
