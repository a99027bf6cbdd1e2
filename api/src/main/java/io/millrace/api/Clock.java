package io.millrace.api;

/**
 * Where a session's queries read the wall clock: trigger intervals, batch timestamps,
 * processing-time timers. Tests give a session a {@code io.millrace.api.testing.ManualClock}
 * ({@link MillraceSession.Builder#clock}) so that time moves only when they say so, as Spark's
 * {@code StreamManualClock} does; everything else reads {@link #system()}.
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
}
