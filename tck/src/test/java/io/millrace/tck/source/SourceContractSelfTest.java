package io.millrace.tck.source;

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

/** Proves the source suite: the reference source passes every rule, and each broken source fails exactly its rule. */
class SourceContractSelfTest {

  @Test
  void theReferenceSourcePassesEveryRule() {
    Events events = run(ReferenceSourceSuite.class);
    assertEquals(Set.of(), failedRules(events), () -> failures(events));
    assertEquals(10, events.started().count(), "every source rule runs");
    assertEquals(0, events.aborted().count(), "the reference source declares every capability, so no rule is skipped");
  }

  @Test
  void aSourceWhoseOffsetsMoveBackFailsS02Only() {
    Events events = run(BackwardOffsetsSourceSuite.class);
    assertEquals(Set.of("S02"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSourceWhoseReplayDiffersOnAFreshInstanceFailsS03Only() {
    Events events = run(ReplayDiffersSourceSuite.class);
    assertEquals(Set.of("S03"), failedRules(events), () -> failures(events));
  }

  private static Events run(Class<?> suite) {
    Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(suite)).execute().testEvents();
    assertTrue(events.started().count() > 0, suite.getSimpleName() + " ran no test");
    return events;
  }

  private static Set<String> failedRules(Events events) {
    return events.failed().stream().map(SourceContractSelfTest::ruleId).collect(Collectors.toCollection(TreeSet::new));
  }

  private static String ruleId(Event event) {
    return event.getTestDescriptor().getDisplayName().split(" ", 2)[0];
  }

  private static String failures(Events events) {
    return events.failed().stream()
        .map(e -> e.getTestDescriptor().getDisplayName() + ": "
            + e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).map(Throwable::getMessage).orElse("?"))
        .collect(Collectors.joining("\n"));
  }
}
