package io.millrace.plugins.trigger;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives a policy on a manual clock the way the runtime does: ask it, wait until the time it
 * names, run a trigger that takes a given time and does or does not find data.
 */
final class ManualTriggerLoop {
  private final TriggerPolicy policy;
  private final List<Long> starts = new ArrayList<>();
  private long now;
  private long lastStart;
  private boolean lastRanBatch;

  ManualTriggerLoop(TriggerPolicy policy, long startMillis) {
    this.policy = policy;
    this.now = startMillis;
    this.lastStart = startMillis;
  }

  /** Asks the policy and, unless it stops, runs one trigger of {@code durationMillis}. */
  TriggerDecision step(long durationMillis, boolean ranBatch) {
    TriggerDecision decision = policy.next(state());
    if (!decision.isStop()) {
      now = Math.max(now, decision.runAtMillis());
      lastStart = now;
      starts.add(now);
      now += durationMillis;
      lastRanBatch = ranBatch;
    }
    return decision;
  }

  TriggerState state() {
    return starts.isEmpty() ? TriggerState.initial(now) : new TriggerState(starts.size(), lastStart, now, lastRanBatch);
  }

  long now() {
    return now;
  }

  /** When each trigger started. */
  List<Long> starts() {
    return starts;
  }
}
