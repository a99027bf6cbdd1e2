package io.millrace.tck.trigger;

import java.time.Duration;
import java.util.Map;

/** The suite on {@link DriftingTriggerPolicy}; run by {@link TriggerSuiteSelfTest}, not by surefire. */
class DriftingTriggerSuite extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new ReferenceTriggerProvider("drifting", () -> new DriftingTriggerPolicy(100)), Map.of(),
        TriggerSemantics.interval(Duration.ofMillis(100)));
  }
}
