package io.millrace.tck.source;

import static io.millrace.tck.SuiteRuns.failedRules;
import static io.millrace.tck.SuiteRuns.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.tck.SuiteRuns;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;

/** Proves the source suite: the reference source passes every rule, and each broken source fails exactly its rule. */
class SourceContractSelfTest {

  @Test
  void theReferenceSourcePassesEveryRule() {
    Events events = run(ReferenceSourceSuite.class);
    assertEquals(Set.of(), failedRules(events), () -> failures(events));
    assertEquals(16, events.started().count(), "every source rule runs");
    assertEquals(0, events.aborted().count(), "the reference source declares every capability, so no rule is skipped");
  }

  @Test
  void aSourceWhosePartitionsDoNotSerializeFailsS16Only() {
    Events events = run(UnserializablePartitionSourceSuite.class);
    assertEquals(Set.of("S16"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSourceWhosePartitionsOnlyItsPlanningInstanceCanReadFailsS16Only() {
    Events events = run(PlannedIdSourceSuite.class);
    assertEquals(Set.of("S16"), failedRules(events), () -> failures(events));
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

  @Test
  void aSourceWhoseCommitTrimsUncommittedBatchesFailsS11Only() {
    Events events = run(CommitTrimsAheadSourceSuite.class);
    assertEquals(Set.of("S11"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSourceThatCountsItsRetentionFromTheNewestBatchFailsS11Only() {
    Events events = run(RetainsFromNewestSourceSuite.class);
    assertEquals(Set.of("S11"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSourceThatOrdersSegmentsAsTextOnAFreshInstanceFailsS12Only() {
    Events events = run(TextOrderSegmentsSourceSuite.class);
    assertEquals(Set.of("S12"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSourceThatIgnoresTheLimitUnderAvailableNowFailsS13Only() {
    Events events = run(AvailableNowIgnoresLimitSourceSuite.class);
    assertEquals(Set.of("S13"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSourceThatCapsAvailableNowAtAHundredBatchesFailsS14Only() {
    Events events = run(AvailableNowCappedSourceSuite.class);
    assertEquals(Set.of("S14"), failedRules(events), () -> failures(events));
  }

  @Test
  void aSourceThatKeepsItsBatchLogInAStaticFieldFailsS15Only() {
    Events events = run(StaticBatchLogSourceSuite.class);
    assertEquals(Set.of("S15"), failedRules(events), () -> failures(events));
  }

  private static Events run(Class<?> suite) {
    Events events = SuiteRuns.run(suite);
    assertTrue(events.started().count() > 0, suite.getSimpleName() + " ran no test");
    return events;
  }
}
