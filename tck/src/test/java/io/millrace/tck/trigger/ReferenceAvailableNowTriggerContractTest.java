package io.millrace.tck.trigger;

import java.util.Map;

/** The reference available-now policy passes the trigger suite. */
class ReferenceAvailableNowTriggerContractTest extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new ReferenceTriggerProvider("reference-availableNow", () -> ReferenceTriggerPolicies.availableNow()), Map.of(),
        TriggerSemantics.availableNow());
  }
}
