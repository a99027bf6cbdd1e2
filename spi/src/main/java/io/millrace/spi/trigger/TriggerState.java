package io.millrace.spi.trigger;

/**
 * What a {@link TriggerPolicy} decides from.
 *
 * @param triggers how many triggers ran so far in this run (0 before the first)
 * @param lastTriggerStartMillis when the last trigger started (meaningless when {@code triggers} is 0)
 * @param nowMillis the current time
 * @param lastTriggerRanBatch whether the last trigger found data and ran a batch
 */
public record TriggerState(long triggers, long lastTriggerStartMillis, long nowMillis, boolean lastTriggerRanBatch) {

  /** The state before the first trigger of a run. */
  public static TriggerState initial(long nowMillis) {
    return new TriggerState(0, nowMillis, nowMillis, false);
  }
}
