package io.millrace.tck.trigger;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;

/**
 * Broken on purpose: schedules "last start + interval" instead of the next boundary, so every
 * late start shifts all later ones. It still starts at once after a slow batch and never
 * bursts, so it must fail the alignment and drift rules only.
 */
final class DriftingTriggerPolicy implements TriggerPolicy {
  private final long intervalMillis;

  DriftingTriggerPolicy(long intervalMillis) {
    this.intervalMillis = intervalMillis;
  }

  @Override
  public TriggerDecision next(TriggerState state) {
    if (state.triggers() == 0) {
      return TriggerDecision.runAt(state.nowMillis());
    }
    return TriggerDecision.runAt(Math.max(state.lastTriggerStartMillis() + intervalMillis, state.nowMillis()));
  }
}
