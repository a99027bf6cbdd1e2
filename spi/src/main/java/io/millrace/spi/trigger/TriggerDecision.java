package io.millrace.spi.trigger;

/** Run the next trigger at a time, or stop the query. */
public final class TriggerDecision {
  private final boolean stop;
  private final long runAtMillis;
  private final String reason;

  private TriggerDecision(boolean stop, long runAtMillis, String reason) {
    this.stop = stop;
    this.runAtMillis = runAtMillis;
    this.reason = reason;
  }

  /** Start the next trigger at {@code millis} (at once if that is not in the future). */
  public static TriggerDecision runAt(long millis) {
    return new TriggerDecision(false, millis, null);
  }

  /** Stop the query normally, for the reason given (shown in the log). */
  public static TriggerDecision stop(String reason) {
    return new TriggerDecision(true, Long.MAX_VALUE, reason);
  }

  public boolean isStop() {
    return stop;
  }

  public long runAtMillis() {
    return runAtMillis;
  }

  public String reason() {
    return reason;
  }

  @Override
  public String toString() {
    return stop ? "stop (" + reason + ")" : "run at " + runAtMillis;
  }
}
