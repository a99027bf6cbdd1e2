package io.millrace.tck.runner;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/** Collects each rule's outcome while the launcher runs one plugin's suite. */
final class ResultCollector implements TestExecutionListener {
  private final String plugin;
  private final List<RuleResult> results = new ArrayList<>();

  ResultCollector(String plugin) {
    this.plugin = plugin;
  }

  List<RuleResult> results() {
    return results;
  }

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    if (test.isTest()) {
      add(test, RuleResult.Status.SKIPPED, reason);
    }
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest()) {
      switch (result.getStatus()) {
        case SUCCESSFUL:
          add(test, RuleResult.Status.PASSED, "");
          break;
        case ABORTED:
          add(test, RuleResult.Status.SKIPPED, message(result));
          break;
        default:
          add(test, RuleResult.Status.FAILED, message(result));
      }
    } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
      // A suite that cannot even start (its kit throws) fails every rule it holds.
      results.add(new RuleResult(plugin, "-", test.getDisplayName(), RuleResult.Status.FAILED, message(result)));
    }
  }

  private void add(TestIdentifier test, RuleResult.Status status, String detail) {
    String[] idAndRule = RuleResult.split(test.getDisplayName());
    results.add(new RuleResult(plugin, idAndRule[0], idAndRule[1], status, detail));
  }

  private static String message(TestExecutionResult result) {
    return result.getThrowable().map(t -> {
      String m = t.getMessage();
      return t.getClass().getSimpleName() + (m == null ? "" : ": " + m.strip());
    }).orElse("");
  }
}
