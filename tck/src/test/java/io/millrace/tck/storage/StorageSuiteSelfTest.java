package io.millrace.tck.storage;

import static io.millrace.tck.SuiteRuns.failedRules;
import static io.millrace.tck.SuiteRuns.failures;
import static io.millrace.tck.SuiteRuns.ruleIds;
import static io.millrace.tck.SuiteRuns.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;

/** The storage suite passes the reference storages and catches each broken one by exactly its rule. */
class StorageSuiteSelfTest {
  private static final int RULES = 15;

  @Test
  void theDiskReferencePassesEveryRule() {
    Events tests = run(DiskStorageContractTest.class);
    assertEquals(Set.of(), failedRules(tests), () -> failures(tests));
    assertEquals(0, tests.aborted().count(), "the disk storage declares every capability; no rule may be skipped");
    assertEquals(RULES, tests.succeeded().count(), "every storage rule runs and passes");
  }

  @Test
  void theMemoryReferencePassesEveryRuleAndSkipsOnlyTheChildJvmRules() {
    Events tests = run(InMemoryStorageContractTest.class);
    assertEquals(Set.of(), failedRules(tests), () -> failures(tests));
    assertEquals(Set.of("F13", "F15"), ruleIds(tests.aborted()), "its files live in this JVM, so no child JVM can reach them");
  }

  @Test
  void nonAtomicCreateFailsExactlyTheAtomicityRule() {
    assertFailsExactly(NonAtomicCreateStorageSuite.class, "F01");
  }

  @Test
  void instancesThatKeepCommittedFilesToThemselvesFailF12Only() {
    assertFailsExactly(InstanceBufferedStorageSuite.class, "F12");
  }

  @Test
  void aStaticWriteBehindCacheFailsF13Only() {
    assertFailsExactly(StaticWriteBehindStorageSuite.class, "F13");
  }

  @Test
  void aListingOfTheFirstPageOnlyFailsF14Only() {
    assertFailsExactly(PagedListingStorageSuite.class, "F14");
  }

  @Test
  void locksThatExcludeOnlyThisJvmFailF15Only() {
    assertFailsExactly(InJvmLockStorageSuite.class, "F15");
  }

  private static void assertFailsExactly(Class<?> suite, String rule) {
    Events tests = run(suite);
    assertEquals(Set.of(rule), failedRules(tests), () -> failures(tests));
    assertTrue(tests.succeeded().count() > 0, suite.getSimpleName() + " passed no rule");
  }
}
