package io.millrace.plugins.trigger;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;

/**
 * Reads what is available when the query starts, in as many batches as the sources' rate
 * limits need, back to back, and stops at the first trigger that finds nothing left. The
 * runtime bounds the sources to the data present at start ({@link #boundedToDataAtStart()}).
 */
final class AvailableNowTriggerPolicy implements TriggerPolicy {

  @Override
  public TriggerDecision next(TriggerState state) {
    if (state.triggers() == 0 || state.lastTriggerRanBatch()) {
      return TriggerDecision.runAt(state.nowMillis());
    }
    return TriggerDecision.stop("availableNow: all data available at start has been processed");
  }

  @Override
  public boolean boundedToDataAtStart() {
    return true;
  }

  @Override
  public String toString() {
    return "available-now trigger";
  }
}
