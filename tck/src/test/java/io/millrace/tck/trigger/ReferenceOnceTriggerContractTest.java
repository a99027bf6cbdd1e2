package io.millrace.tck.trigger;

import java.util.Map;

/** The reference once policy passes the trigger suite. */
class ReferenceOnceTriggerContractTest extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new ReferenceTriggerProvider("reference-once", () -> ReferenceTriggerPolicies.once()), Map.of(),
        TriggerSemantics.once());
  }
}
