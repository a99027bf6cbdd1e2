package io.millrace.plugins.tck;

import io.millrace.plugins.trigger.OnceTriggerPolicyProvider;
import io.millrace.tck.trigger.TriggerKit;
import io.millrace.tck.trigger.TriggerPolicyContractSuite;
import io.millrace.tck.trigger.TriggerSemantics;
import java.util.Map;

/** The built-in {@code once} trigger passes the trigger TCK: one trigger, then stop. */
class TriggerOnceTckTest extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new OnceTriggerPolicyProvider(), Map.of(), TriggerSemantics.once());
  }
}
