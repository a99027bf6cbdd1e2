package io.millrace.runtime.state;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.startStream;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.api.state.TimeMode;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** transformWithState's progress metrics with Spark's names, batch by batch. */
class TransformWithStateMetricsTest {
  private static final Schema INPUT = Schema.parse("k STRING, v INT");
  private static final Schema OUTPUT = Schema.parse("k STRING, n LONG");

  private static Predicate<StreamingQuery> metrics(Map<String, Long> expected) {
    return q -> {
      Map<String, Long> m = q.lastProgress().stateOperators().get(0).customMetrics();
      return expected.entrySet().stream().allMatch(e -> e.getValue().equals(m.get(e.getKey())))
          && m.get("handleInputRowsTimeMs") >= 0 && m.get("timerProcessingTimeMs") >= 0
          && m.get("ttlRemovalTimeMs") >= 0;
    };
  }

  @Test
  void timersVariablesAndTimesAreReportedPerBatch() {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = MillraceSession.builder().clock(clock).build(); MemoryStream m = MemoryStream.create(INPUT)) {
      Dataset q = m.toDataset(s).groupByKey("k").transformWithState(TransformWithStateTest.CountForFiveSeconds::new,
          TimeMode.PROCESSING_TIME, OutputMode.UPDATE, OUTPUT);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, Row.of("a", 1), Row.of("a", 1), Row.of("b", 1)),
          advanceManualClock(1000),
          checkNewAnswer(),
          assertOnQuery(metrics(Map.of("numRegisteredTimers", 2L, "numDeletedTimers", 0L, "numExpiredTimers", 0L,
              "numTimers", 2L, "numValueStateVars", 1L, "numListStateVars", 0L, "numMapStateVars", 0L,
              "numValueStateWithTTLVars", 0L, "numDeletedStateVars", 0L, "numValuesRemovedDueToTTLExpiry", 0L)),
              "two timers registered"),
          advanceManualClock(5000),
          checkNewAnswer(Row.of("a", 2L), Row.of("b", 1L)),
          // Millrace removes a fired timer without counting a delete; Spark counts it in numDeletedTimers too.
          assertOnQuery(metrics(Map.of("numRegisteredTimers", 0L, "numDeletedTimers", 0L, "numExpiredTimers", 2L,
              "numTimers", 0L)), "two timers fired"));
    }
  }
}
