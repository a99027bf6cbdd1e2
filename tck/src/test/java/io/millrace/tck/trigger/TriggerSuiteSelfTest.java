package io.millrace.tck.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/** The trigger suite passes correct policies and catches a drifting one by exactly its rules. */
class TriggerSuiteSelfTest {

  @Test
  void referencePoliciesPassEveryRuleThatApplies() {
    for (Class<?> suite : new Class<?>[] {ReferenceIntervalTriggerContractTest.class, ReferenceOnceTriggerContractTest.class,
        ReferenceAvailableNowTriggerContractTest.class, ReferenceDefaultTriggerContractTest.class}) {
      Events tests = run(suite);
      assertEquals(Set.of(), failedIds(tests), () -> suite.getSimpleName() + " failed: " + failures(tests));
      assertTrue(tests.succeeded().count() > 0, () -> suite.getSimpleName() + " ran no rule");
      tests.aborted().stream().forEach(e -> assertTrue(reason(e).contains(ruleId(e) + " applies to") || reason(e).contains(ruleId(e) + " needs"),
          () -> ruleId(e) + " was skipped without a reason naming it: " + reason(e)));
    }
  }

  @Test
  void driftingPolicyFailsExactlyAlignmentAndDrift() {
    Events tests = run(DriftingTriggerSuite.class);
    assertEquals(Set.of("G01", "G02"), failedIds(tests), () -> failures(tests));
    assertTrue(tests.succeeded().count() > 0, "the drifting policy passed no rule");
  }

  private static Events run(Class<?> suite) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(suite)).execute().testEvents();
  }

  private static Set<String> failedIds(Events tests) {
    return tests.failed().stream().map(TriggerSuiteSelfTest::ruleId).collect(Collectors.toCollection(TreeSet::new));
  }

  private static String failures(Events tests) {
    return tests.failed().stream().map(TriggerSuiteSelfTest::reason).collect(Collectors.joining("\n"));
  }

  private static String ruleId(Event event) {
    return event.getTestDescriptor().getDisplayName().split(" ", 2)[0];
  }

  private static String reason(Event event) {
    return event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage).orElse("");
  }
}
