package io.millrace.tck.runner;

import io.millrace.tck.source.SourceContractSuite;
import io.millrace.tck.source.SourceKit;

/** The source rules, for the plugin the runner is checking, with the kit its jar lists. */
public class RunnerSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return RunnerTargets.kit(SourceKit.class);
  }
}
