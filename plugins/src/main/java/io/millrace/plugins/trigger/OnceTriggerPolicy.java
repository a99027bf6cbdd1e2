package io.millrace.plugins.trigger;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;

/** Runs one trigger at once, then stops, whether or not that trigger found data. */
final class OnceTriggerPolicy implements TriggerPolicy {

  @Override
  public TriggerDecision next(TriggerState state) {
    if (state.triggers() == 0) {
      return TriggerDecision.runAt(state.nowMillis());
    }
    return TriggerDecision.stop(state.lastTriggerRanBatch()
        ? "once: the one trigger ran a batch"
        : "once: the one trigger found no new data");
  }

  @Override
  public String toString() {
    return "once trigger";
  }
}
