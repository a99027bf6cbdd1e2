package io.millrace.tck.runner;

import io.millrace.tck.sink.SinkContractSuite;
import io.millrace.tck.sink.SinkKit;

/** The sink rules, for the plugin the runner is checking, with the kit its jar lists. */
public class RunnerSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return RunnerTargets.kit(SinkKit.class);
  }
}
