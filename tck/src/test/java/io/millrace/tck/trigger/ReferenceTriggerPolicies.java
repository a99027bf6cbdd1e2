package io.millrace.tck.trigger;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;

/** Simple, correct trigger policies, one per {@link TriggerSemantics} kind, that pass the suite. */
final class ReferenceTriggerPolicies {
  private ReferenceTriggerPolicies() {}

  /** First trigger at once; then the first multiple of {@code intervalMillis} after the last start. */
  static TriggerPolicy interval(long intervalMillis) {
    return state -> {
      if (state.triggers() == 0) {
        return TriggerDecision.runAt(state.nowMillis());
      }
      long boundary = Math.floorDiv(state.lastTriggerStartMillis(), intervalMillis) * intervalMillis + intervalMillis;
      return TriggerDecision.runAt(Math.max(boundary, state.nowMillis()));
    };
  }

  /** One trigger at once, then stop. */
  static TriggerPolicy once() {
    return state -> state.triggers() == 0 ? TriggerDecision.runAt(state.nowMillis()) : TriggerDecision.stop("once: done");
  }

  /** Back to back while triggers find data; stop at the first that finds none. */
  static TriggerPolicy availableNow() {
    return new TriggerPolicy() {
      @Override
      public TriggerDecision next(TriggerState state) {
        return state.triggers() == 0 || state.lastTriggerRanBatch()
            ? TriggerDecision.runAt(state.nowMillis())
            : TriggerDecision.stop("availableNow: no data left");
      }

      @Override
      public boolean boundedToDataAtStart() {
        return true;
      }
    };
  }

  /** At once after a batch, {@code idleMillis} after a trigger without data; never stops. */
  static TriggerPolicy asSoonAsPossible(long idleMillis) {
    return state -> state.triggers() == 0 || state.lastTriggerRanBatch()
        ? TriggerDecision.runAt(state.nowMillis())
        : TriggerDecision.runAt(state.nowMillis() + idleMillis);
  }
}
