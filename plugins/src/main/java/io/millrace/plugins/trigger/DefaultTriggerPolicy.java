package io.millrace.plugins.trigger;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;

/**
 * Runs the next trigger as soon as the last one ran a batch; after a trigger that found no
 * data, waits {@code idlePollMillis} before looking again. Never stops.
 */
final class DefaultTriggerPolicy implements TriggerPolicy {
  private final long idlePollMillis;

  DefaultTriggerPolicy(long idlePollMillis) {
    this.idlePollMillis = idlePollMillis;
  }

  @Override
  public TriggerDecision next(TriggerState state) {
    if (state.triggers() == 0 || state.lastTriggerRanBatch()) {
      return TriggerDecision.runAt(state.nowMillis());
    }
    return TriggerDecision.runAt(state.nowMillis() + idlePollMillis);
  }

  @Override
  public String toString() {
    return "default trigger (idle poll " + idlePollMillis + " ms)";
  }
}
