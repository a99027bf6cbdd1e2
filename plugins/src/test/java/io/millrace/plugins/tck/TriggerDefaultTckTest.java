package io.millrace.plugins.tck;

import io.millrace.plugins.trigger.DefaultTriggerPolicyProvider;
import io.millrace.tck.trigger.TriggerKit;
import io.millrace.tck.trigger.TriggerPolicyContractSuite;
import io.millrace.tck.trigger.TriggerSemantics;
import java.time.Duration;
import java.util.Map;

/** The built-in {@code default} trigger passes the trigger TCK: the next batch at once, a bounded idle poll, never a stop. */
class TriggerDefaultTckTest extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new DefaultTriggerPolicyProvider(), Map.of("idlePollInterval", "250ms"),
        TriggerSemantics.asSoonAsPossible(Duration.ofMillis(250)));
  }
}
