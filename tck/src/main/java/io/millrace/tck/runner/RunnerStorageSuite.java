package io.millrace.tck.runner;

import io.millrace.tck.storage.StorageContractSuite;
import io.millrace.tck.storage.StorageKit;

/** The storage rules, for the plugin the runner is checking. */
public class RunnerStorageSuite extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return RunnerTargets.kit(StorageKit.class);
  }
}
