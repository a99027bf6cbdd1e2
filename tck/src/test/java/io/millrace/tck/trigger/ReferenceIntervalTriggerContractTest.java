package io.millrace.tck.trigger;

import java.time.Duration;
import java.util.Map;

/** The reference a 100 ms interval policy passes the trigger suite. */
class ReferenceIntervalTriggerContractTest extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new ReferenceTriggerProvider("reference-interval", () -> ReferenceTriggerPolicies.interval(100)), Map.of(),
        TriggerSemantics.interval(Duration.ofMillis(100)));
  }
}
