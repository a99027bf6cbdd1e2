package io.millrace.plugins.tck;

import io.millrace.plugins.trigger.ProcessingTimeTriggerPolicyProvider;
import io.millrace.tck.trigger.TriggerKit;
import io.millrace.tck.trigger.TriggerPolicyContractSuite;
import io.millrace.tck.trigger.TriggerSemantics;
import java.time.Duration;
import java.util.Map;

/** The built-in {@code processingTime} trigger passes the trigger TCK: aligned to the interval, no drift, no bursts. */
class TriggerProcessingTimeTckTest extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return TriggerKit.of(new ProcessingTimeTriggerPolicyProvider(), Map.of("interval", "100ms"),
        TriggerSemantics.interval(Duration.ofMillis(100)));
  }
}
