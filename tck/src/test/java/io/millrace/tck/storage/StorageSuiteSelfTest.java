package io.millrace.tck.storage;

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

/** The storage suite passes the reference storage and catches a non-atomic create-if-absent by exactly F01. */
class StorageSuiteSelfTest {

  @Test
  void referenceStoragePassesEveryRule() {
    Events tests = run(InMemoryStorageContractTest.class);
    assertEquals(Set.of(), failedIds(tests), () -> failures(tests));
    assertEquals(0, tests.aborted().count(), "the reference storage declares every capability; no rule may be skipped");
    assertTrue(tests.succeeded().count() > 0, "the reference storage ran no rule");
  }

  @Test
  void nonAtomicCreateFailsExactlyTheAtomicityRule() {
    Events tests = run(NonAtomicCreateStorageSuite.class);
    assertEquals(Set.of("F01"), failedIds(tests), () -> failures(tests));
    assertTrue(tests.succeeded().count() > 0, "the non-atomic storage passed no rule");
  }

  private static Events run(Class<?> suite) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(suite)).execute().testEvents();
  }

  private static Set<String> failedIds(Events tests) {
    return tests.failed().stream().map(StorageSuiteSelfTest::ruleId).collect(Collectors.toCollection(TreeSet::new));
  }

  private static String failures(Events tests) {
    return tests.failed().stream().map(StorageSuiteSelfTest::reason).collect(Collectors.joining("\n"));
  }

  private static String ruleId(Event event) {
    return event.getTestDescriptor().getDisplayName().split(" ", 2)[0];
  }

  private static String reason(Event event) {
    return event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage).orElse("");
  }
}
