package io.millrace.plugins.trigger;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;

/**
 * Starts triggers on multiples of the interval since the epoch, like Spark's
 * {@code ProcessingTimeExecutor}. The first trigger runs at once. Each later one starts at
 * the first boundary strictly after the last trigger's start: with a 100 ms interval, a
 * trigger that started at 0 or 99 is followed at 100, one that started at 100 at 200.
 *
 * <p>Because the next start derives from a boundary, not from "last start + interval",
 * slow batches cause no drift. A batch that overruns its boundary is followed at once, and
 * since that late start is then the last start, the missed boundaries are skipped rather
 * than run back to back.
 */
final class ProcessingTimeTriggerPolicy implements TriggerPolicy {
  private final long intervalMillis;

  ProcessingTimeTriggerPolicy(long intervalMillis) {
    if (intervalMillis <= 0) {
      throw new IllegalArgumentException("the interval must be positive, got " + intervalMillis + " ms");
    }
    this.intervalMillis = intervalMillis;
  }

  @Override
  public TriggerDecision next(TriggerState state) {
    if (state.triggers() == 0) {
      return TriggerDecision.runAt(state.nowMillis());
    }
    long boundary = Math.floorDiv(state.lastTriggerStartMillis(), intervalMillis) * intervalMillis + intervalMillis;
    return TriggerDecision.runAt(Math.max(boundary, state.nowMillis()));
  }

  @Override
  public String toString() {
    return "processing-time trigger every " + intervalMillis + " ms";
  }
}
