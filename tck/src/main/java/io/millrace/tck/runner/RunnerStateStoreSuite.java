package io.millrace.tck.runner;

import io.millrace.tck.state.StateStoreContractSuite;
import io.millrace.tck.state.StateStoreKit;

/** The state store rules, for the plugin the runner is checking, with the kit its jar lists. */
public class RunnerStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return RunnerTargets.kit(StateStoreKit.class);
  }
}
