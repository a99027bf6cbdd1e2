package io.millrace.tck.sink;

import static io.millrace.tck.SuiteRuns.failedRules;
import static io.millrace.tck.SuiteRuns.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.tck.SuiteRuns;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;

/** Proves the sink suite: the reference sink passes every rule, and each broken sink fails exactly its rule. */
class SinkContractSelfTest {

  @Test
  void theReferenceSinkPassesEveryRule() {
    Events events = run(ReferenceSinkSuite.class);
    assertEquals(Set.of(), failedRules(events), () -> failures(events));
    assertEquals(14, events.started().count(), "every sink rule runs");
    assertEquals(Set.of("K13", "K14"), SuiteRuns.ruleIds(events.aborted()),
        "the reference sink is exactly-once, so only the per-task rules are skipped");
  }

  @Test
  void theReferenceSinkThatWritesPerTaskPassesEveryRule() {
    Events events = run(ReferenceTaskSinkSuite.class);
    assertEquals(Set.of(), failedRules(events), () -> failures(events));
    assertEquals(14, events.started().count(), "every sink rule runs");
    assertEquals(0, events.aborted().count(), "an exactly-once sink that writes per task skips no rule");
  }

  @Test
  void aSinkWhoseTasksPublishBeforeTheBatchCommitsFailsK04K09K13AndK14() {
    Events events = run(EagerTaskSinkSuite.class);
    assertEquals(Set.of("K04", "K09", "K13", "K14"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkWhoseCommitMessagesCannotBeSerializedFailsK13Only() {
    Events events = run(UnserializableMessageSinkSuite.class);
    assertEquals(Set.of("K13"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkWhoseAbortDeletesACommittedBatchFailsK14Only() {
    Events events = run(AbortDeletesBatchSinkSuite.class);
    assertEquals(Set.of("K14"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkThatKeepsBatchIdsOnlyInMemoryFailsK02Only() {
    Events events = run(InMemoryBatchIdSinkSuite.class);
    assertEquals(Set.of("K02"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkThatLeavesHalfABatchAfterACrashFailsK04AndK09() {
    Events events = run(PartialWriteSinkSuite.class);
    assertEquals(Set.of("K04", "K09"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkWhoseReadBackMissesTheNewestRowFailsK08Only() {
    Events events = run(StaleReadBackSinkSuite.class);
    assertEquals(Set.of("K08"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkThatRecordsBatchIdsOnlyWhenClosedFailsK03Only() {
    Events events = run(CloseRecordsBatchIdSinkSuite.class);
    assertEquals(Set.of("K03"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkThatRecordsTheBatchIdBeforeItsDataIsDurableFailsK09Only() {
    Events events = run(MarkerFirstSinkSuite.class);
    assertEquals(Set.of("K09"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkWhoseDataIsDurableBeforeItsBatchIdIsRecordedFailsK09Only() {
    Events events = run(DataFirstSinkSuite.class);
    assertEquals(Set.of("K09"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkThatKeepsItsDedupStateInAStaticFieldFailsK10Only() {
    Events events = run(StaticDedupSinkSuite.class);
    assertEquals(Set.of("K10"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSinkThatKeepsBatchIdsPerTableRatherThanPerQueryFailsK11Only() {
    Events events = run(PerTableBatchIdSinkSuite.class);
    assertEquals(Set.of("K11"), failedRules(events), () -> failures(events));
  }

  @Test
  void aProviderWhoseReadBackShowsStagedRowsFailsK12Only() {
    Events events = run(StagedReadBackSinkSuite.class);
    assertEquals(Set.of("K12"), failedRules(events), () -> failures(events));
  }

  private static Events run(Class<?> suite) {
    Events events = SuiteRuns.run(suite);
    assertTrue(events.started().count() > 0, suite.getSimpleName() + " ran no test");
    return events;
  }
}
