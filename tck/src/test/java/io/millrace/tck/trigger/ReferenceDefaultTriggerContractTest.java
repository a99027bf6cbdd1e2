package io.millrace.tck.trigger;

import java.time.Duration;
import java.util.Map;

/** The reference the default policy (10 ms idle poll) policy passes the trigger suite. */
class ReferenceDefaultTriggerContractTest extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new ReferenceTriggerProvider("reference-default", () -> ReferenceTriggerPolicies.asSoonAsPossible(10)), Map.of(),
        TriggerSemantics.asSoonAsPossible(Duration.ofMillis(10)));
  }
}
