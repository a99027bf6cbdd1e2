package io.millrace.tck.trigger;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The runtime's trigger loop on a manual clock. Each {@link #step} asks the policy for its
 * decision; unless it stops, the clock moves to the time it named (or stays, if that time has
 * passed), plus an optional wake-up lateness, the trigger starts, and it takes a scripted
 * duration and does or does not find data. No real time passes.
 */
public final class ManualTriggerLoop {
  private final TriggerPolicy policy;
  private final List<Long> starts = new ArrayList<>();
  private final List<TriggerDecision> decisions = new ArrayList<>();
  private long now;
  private boolean lastRanBatch;
  private boolean stopped;

  /** A loop whose clock starts at {@code startMillis}, before the first trigger. */
  public ManualTriggerLoop(TriggerPolicy policy, long startMillis) {
    this.policy = policy;
    this.now = startMillis;
  }

  /** Asks the policy and, unless it stops, runs a trigger that starts on time. */
  public TriggerDecision step(long durationMillis, boolean findsData) {
    return step(0, durationMillis, findsData);
  }

  /**
   * Asks the policy and, unless it stops, runs a trigger that starts {@code lateMillis} after
   * the time the policy named (a sleeping thread wakes a little late), takes
   * {@code durationMillis} and finds data or not.
   *
   * @throws IllegalStateException if the policy already stopped the query
   */
  public TriggerDecision step(long lateMillis, long durationMillis, boolean findsData) {
    if (stopped) {
      throw new IllegalStateException("the policy already stopped the query: " + decisions.get(decisions.size() - 1));
    }
    if (lateMillis < 0 || durationMillis < 0) {
      throw new IllegalArgumentException("lateness and duration cannot be negative");
    }
    TriggerDecision decision = policy.next(state());
    if (decision == null) {
      throw new AssertionError("the policy returned null for " + state() + "; it must return a TriggerDecision");
    }
    decisions.add(decision);
    if (decision.isStop()) {
      stopped = true;
      return decision;
    }
    now = Math.max(now, decision.runAtMillis()) + lateMillis;
    starts.add(now);
    now += durationMillis;
    lastRanBatch = findsData;
    return decision;
  }

  /** The state the runtime would pass to the policy now. */
  public TriggerState state() {
    return starts.isEmpty()
        ? TriggerState.initial(now)
        : new TriggerState(starts.size(), starts.get(starts.size() - 1), now, lastRanBatch);
  }

  /** The manual clock. */
  public long now() {
    return now;
  }

  /** Whether the policy stopped the query. */
  public boolean stopped() {
    return stopped;
  }

  /** When each trigger started, in order. */
  public List<Long> starts() {
    return Collections.unmodifiableList(starts);
  }

  /** Every decision the policy made, in order (the last may be a stop). */
  public List<TriggerDecision> decisions() {
    return Collections.unmodifiableList(decisions);
  }
}
