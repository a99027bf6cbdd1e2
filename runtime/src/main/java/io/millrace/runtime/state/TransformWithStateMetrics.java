package io.millrace.runtime.state;

import io.millrace.runtime.state.keyed.KeyedStateSpec;
import io.millrace.runtime.state.keyed.StateVariable;
import java.util.Map;

/**
 * transformWithState's own progress metrics, with Spark 4.0's names (TransformWithStateExec):
 * the declared variables with TTL by kind, the variables whose state this run deleted at start
 * (reported by the run's first batch, once per partition as Spark's tasks count it), and where
 * the batch's time went. The timer and TTL removal counts come with the keyed state's figures.
 * Like the other {@code num*StateVars}, the TTL counts are per operator, not per task (Spark's
 * grow with the partitions).
 */
final class TransformWithStateMetrics {
  private TransformWithStateMetrics() {}

  static void add(Map<String, Long> custom, KeyedStateSpec spec, long deletedStateVars, long inputNanos,
      long timerNanos, long ttlNanos) {
    custom.put("numValueStateWithTTLVars", withTtl(spec, StateVariable.Kind.VALUE));
    custom.put("numListStateWithTTLVars", withTtl(spec, StateVariable.Kind.LIST));
    custom.put("numMapStateWithTTLVars", withTtl(spec, StateVariable.Kind.MAP));
    custom.put("numDeletedStateVars", deletedStateVars);
    // Summed over the partitions' tasks, which run at the same time, as Spark's sums over tasks.
    custom.put("handleInputRowsTimeMs", inputNanos / 1_000_000);
    custom.put("timerProcessingTimeMs", timerNanos / 1_000_000);
    custom.put("ttlRemovalTimeMs", ttlNanos / 1_000_000);
  }

  private static long withTtl(KeyedStateSpec spec, StateVariable.Kind kind) {
    return spec.variables().stream().filter(v -> v.kind() == kind && v.hasTtl()).count();
  }
}
