package io.millrace.tck;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/** Runs a contract suite through the JUnit engine, for the TCK's self-tests, and reads its outcome by rule id. */
public final class SuiteRuns {
  private SuiteRuns() {}

  /** The test events of running {@code suite}. */
  public static Events run(Class<?> suite) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(suite)).execute().testEvents();
  }

  /** The rule ids of the failed tests, sorted. */
  public static Set<String> failedRules(Events events) {
    return ruleIds(events.failed());
  }

  /** The rule ids of {@code events}, sorted. */
  public static Set<String> ruleIds(Events events) {
    return events.stream().map(SuiteRuns::ruleId).collect(Collectors.toCollection(TreeSet::new));
  }

  /** The id of an event's rule: the first word of its display name, such as {@code K02}. */
  public static String ruleId(Event event) {
    return event.getTestDescriptor().getDisplayName().split(" ", 2)[0];
  }

  /** Why a test failed or was skipped: its throwable's message, or empty. */
  public static String reason(Event event) {
    return event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage).orElse("");
  }

  /** One line per failed rule: its name and why, for assertion messages. */
  public static String failures(Events events) {
    return events.failed().stream()
        .map(e -> e.getTestDescriptor().getDisplayName() + ": " + reason(e))
        .collect(Collectors.joining("\n"));
  }
}
