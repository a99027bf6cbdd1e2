package io.millrace.plugins.tck;

import io.millrace.plugins.trigger.AvailableNowTriggerPolicyProvider;
import io.millrace.tck.trigger.TriggerKit;
import io.millrace.tck.trigger.TriggerPolicyContractSuite;
import io.millrace.tck.trigger.TriggerSemantics;
import java.util.Map;

/** The built-in {@code availableNow} trigger passes the trigger TCK: back to back while there is data, then stop. */
class TriggerAvailableNowTckTest extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new AvailableNowTriggerPolicyProvider(), Map.of(), TriggerSemantics.availableNow());
  }
}
