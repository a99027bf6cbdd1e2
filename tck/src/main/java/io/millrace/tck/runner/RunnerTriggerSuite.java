package io.millrace.tck.runner;

import io.millrace.tck.trigger.TriggerKit;
import io.millrace.tck.trigger.TriggerPolicyContractSuite;

/** The trigger rules, for the plugin the runner is checking. */
public class RunnerTriggerSuite extends TriggerPolicyContractSuite {
  @Override
  protected TriggerKit kit() {
    return RunnerTargets.kit(TriggerKit.class);
  }
}
