package io.millrace.tck.storage;

import static io.millrace.tck.SuiteRuns.failedRules;
import static io.millrace.tck.SuiteRuns.failures;
import static io.millrace.tck.SuiteRuns.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;

/** The storage suite passes the reference storage and catches a non-atomic create-if-absent by exactly F01. */
class StorageSuiteSelfTest {

  @Test
  void referenceStoragePassesEveryRule() {
    Events tests = run(InMemoryStorageContractTest.class);
    assertEquals(Set.of(), failedRules(tests), () -> failures(tests));
    assertEquals(0, tests.aborted().count(), "the reference storage declares every capability; no rule may be skipped");
    assertTrue(tests.succeeded().count() > 0, "the reference storage ran no rule");
  }

  @Test
  void nonAtomicCreateFailsExactlyTheAtomicityRule() {
    Events tests = run(NonAtomicCreateStorageSuite.class);
    assertEquals(Set.of("F01"), failedRules(tests), () -> failures(tests));
    assertTrue(tests.succeeded().count() > 0, "the non-atomic storage passed no rule");
  }





}
