package io.millrace.tck.trigger;

import static io.millrace.tck.SuiteRuns.failedRules;
import static io.millrace.tck.SuiteRuns.failures;
import static io.millrace.tck.SuiteRuns.reason;
import static io.millrace.tck.SuiteRuns.ruleId;
import static io.millrace.tck.SuiteRuns.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;

/** The trigger suite passes correct policies and catches a drifting one by exactly its rules. */
class TriggerSuiteSelfTest {

  @Test
  void referencePoliciesPassEveryRuleThatApplies() {
    for (Class<?> suite : new Class<?>[] {ReferenceIntervalTriggerContractTest.class, ReferenceOnceTriggerContractTest.class,
        ReferenceAvailableNowTriggerContractTest.class, ReferenceDefaultTriggerContractTest.class}) {
      Events tests = run(suite);
      assertEquals(Set.of(), failedRules(tests), () -> suite.getSimpleName() + " failed: " + failures(tests));
      assertTrue(tests.succeeded().count() > 0, () -> suite.getSimpleName() + " ran no rule");
      tests.aborted().stream().forEach(e -> assertTrue(reason(e).contains(ruleId(e) + " applies to") || reason(e).contains(ruleId(e) + " needs"),
          () -> ruleId(e) + " was skipped without a reason naming it: " + reason(e)));
    }
  }

  @Test
  void driftingPolicyFailsExactlyAlignmentAndDrift() {
    Events tests = run(DriftingTriggerSuite.class);
    assertEquals(Set.of("G01", "G02"), failedRules(tests), () -> failures(tests));
    assertTrue(tests.succeeded().count() > 0, "the drifting policy passed no rule");
  }





}
