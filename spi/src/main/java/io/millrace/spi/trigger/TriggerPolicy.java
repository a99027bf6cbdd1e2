package io.millrace.spi.trigger;

/**
 * Decides when the next batch starts and when the query stops. A policy is a pure function of
 * the {@link TriggerState} it is given: it never reads a clock or sleeps, so the TCK can drive
 * it on a manual clock. The runtime asks {@link #next} before every trigger (the first time
 * with {@link TriggerState#triggers()} = 0) and waits until the time it returns.
 *
 * <p>A trigger that finds no new data runs no batch; the next call then sees
 * {@link TriggerState#lastTriggerRanBatch()} false.
 */
public interface TriggerPolicy {

  /** What to do next. */
  TriggerDecision next(TriggerState state);

  /**
   * Whether this run may read only what is available when it starts (available-now). The
   * runtime then calls {@code prepareForAvailableNow()} on every source before the first batch.
   */
  default boolean boundedToDataAtStart() {
    return false;
  }
}
