package io.millrace.api.testing;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.current_timestamp;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkAnswerInOrder;
import static io.millrace.api.testing.StreamAction.checkLastBatch;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamAction.expectFailure;
import static io.millrace.api.testing.StreamAction.processAllAvailable;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.Trigger;
import io.millrace.runtime.exec.MicroBatchExecution;
import io.millrace.api.testing.ManualClock;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.OutputMode;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The harness itself: what it checks, how it fails, and that restarts and clocks are real. */
class StreamTestHarnessTest {
  private final MemoryStream words = MemoryStream.create(Schema.parse("word STRING"));
  private final MemoryStream events = MemoryStream.create(Schema.parse("ts TIMESTAMP"));

  @AfterEach
  void forgetStreams() {
    words.close();
    events.close();
  }

  private static Row word(String w) {
    return Row.of(w);
  }

  private static long at(String hhmm) {
    return Instant.parse("2026-11-30T" + hhmm + ":00Z").toEpochMilli() * 1000;
  }

  private static Row event(String hhmm) {
    return Row.of(at(hhmm));
  }

  private static Row win(String start, String end, long count) {
    return Row.of(Row.of(at(start), at(end)), count);
  }

  private Dataset windowedCount(MillraceSession session) {
    return events.toDataset(session).withWatermark("ts", "10 minutes").groupBy(window(col("ts"), "5 minutes")).count();
  }

  // ---- restarts keep state: the rows are Spark 4.0.1's for these steps, each a new start on the
  // same checkpoint (see WatermarkAggregationTest, which runs them with the available-now trigger)

  @Test
  void aWindowedCountInUpdateModeKeepsItsStateAcrossRestarts() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      testStream(windowedCount(session), OutputMode.UPDATE).run(
          addData(events, event("12:01"), event("12:02"), event("12:07")),
          checkAnswer(win("12:00", "12:05", 2), win("12:05", "12:10", 1)),
          stopStream(),
          addData(events, event("12:20"), event("12:03")),
          startStream(),
          checkNewAnswer(win("12:00", "12:05", 3), win("12:20", "12:25", 1)),
          stopStream(),
          addData(events, event("12:04")),
          startStream(),
          checkNewAnswer(),
          assertOnQuery(q -> q.lastProgress().stateOperators().get(0).numRowsDroppedByWatermark() == 1,
              "12:04 came after the watermark (12:10) passed its window's end"));
    }
  }

  @Test
  void aWindowedCountInAppendModeEmitsEachWindowOnceAcrossRestarts() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      testStream(windowedCount(session), OutputMode.APPEND).run(
          addData(events, event("12:01"), event("12:02"), event("12:07")),
          checkAnswer(),
          stopStream(),
          addData(events, event("12:20"), event("12:03")),
          startStream(),
          checkNewAnswer(win("12:00", "12:05", 3), win("12:05", "12:10", 1)),
          stopStream(),
          addData(events, event("12:04")),
          startStream(),
          checkAnswer(win("12:00", "12:05", 3), win("12:05", "12:10", 1)));
    }
  }

  @Test
  void aWindowedCountInCompleteModeChecksTheLatestWholeResultAcrossRestarts() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      testStream(windowedCount(session), OutputMode.COMPLETE).run(
          addData(events, event("12:01"), event("12:02"), event("12:07")),
          checkAnswer(win("12:00", "12:05", 2), win("12:05", "12:10", 1)),
          stopStream(),
          addData(events, event("12:20"), event("12:03")),
          startStream(),
          checkAnswer(win("12:00", "12:05", 3), win("12:05", "12:10", 1), win("12:20", "12:25", 1)),
          stopStream(),
          addData(events, event("12:04")),
          startStream(),
          checkLastBatch(win("12:00", "12:05", 4), win("12:05", "12:10", 1), win("12:20", "12:25", 1)));
    }
  }

  // ---- a wrong answer fails, and says enough to see why ----------------------------------------

  @Test
  void aWrongAnswerFailsWithBothRowSetsTheStepsTheSinkAndTheProgress() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      AssertionError failure = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          addData(words, word("a"), word("b")),
          checkAnswer(word("a"), word("c")),
          stopStream()), AssertionError.class);

      assertThat(failure).isNotNull();
      assertThat(failure.getMessage())
          .startsWith("checkAnswer([a], [c]) failed: the query's rows are not the expected rows (compared in any order)\n")
          .contains("== Expected (2 rows) ==\n[a]\n[c]\n== Actual (2 rows) ==\n[a]\n[b]\n")
          .contains("== Missing from the actual rows (1 row) ==\n[c]\n== Not expected (1 row) ==\n[b]\n")
          .contains("== Steps ==\n   startStream(default)   [added: no startStream before the first step that needs a query]\n"
              + "   addData(" + words.name() + ": [a], [b])\n=> checkAnswer([a], [c])\n   stopStream()\n")
          .contains("output mode: append")
          .contains("the query: id ").contains(", running\n")
          .contains("== Sink: the batches the query wrote ==\nbatch 0 (2 rows): [a], [b]\n")
          .contains("== Last progress ==\n{").contains("\"batchId\" : 0");
    }
  }

  @Test
  void rowsCompareAsAMultisetUnlessTheCheckIsOrdered() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      testStream(words.toDataset(session)).run(
          addData(words, word("b"), word("a"), word("b")),
          checkAnswer(word("a"), word("b"), word("b")),
          checkAnswerInOrder(word("b"), word("a"), word("b")));

      AssertionError once = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          checkAnswer(word("a"), word("b"))), AssertionError.class);
      assertThat(once.getMessage()).contains("== Not expected (1 row) ==\n[b]\n");

      AssertionError order = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          checkAnswerInOrder(word("a"), word("b"), word("b"))), AssertionError.class);
      assertThat(order.getMessage()).startsWith("checkAnswerInOrder([a], [b], [b]) failed")
          .contains("== Actual (3 rows, in order) ==\n[b]\n[a]\n[b]\n");
    }
  }

  @Test
  void checkNewAnswerAndCheckLastBatchLookAtTheBatchesSinceThePreviousCheck() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      testStream(words.toDataset(session)).run(
          addData(words, word("a")),
          processAllAvailable(),
          addData(words, word("b")),
          checkNewAnswer(word("a"), word("b")),
          checkNewAnswer(),
          addData(words, word("c")),
          checkLastBatch(word("c")),
          checkAnswer(word("a"), word("b"), word("c")));
    }
  }

  // ---- failures of the query ---------------------------------------------------------------

  /** Fails the query once, after the sink wrote batch 1 and before the commit log records it. */
  private static FaultInjector failOnceAfterTheSinkWroteBatch1() {
    AtomicBoolean failed = new AtomicBoolean();
    return (point, batch) -> {
      if (point == FaultPoint.AFTER_SINK_WRITE && batch == 1 && failed.compareAndSet(false, true)) {
        throw new IllegalStateException("simulated failure after the sink wrote batch 1");
      }
    };
  }

  @Test
  void expectFailureCatchesTheFailureAndAStartAfterItReplaysTheBatch() {
    try (MillraceSession session = MillraceSession.builder().faultInjector(failOnceAfterTheSinkWroteBatch1()).build()) {
      testStream(words.toDataset(session)).run(
          addData(words, word("a")),
          checkAnswer(word("a")),
          addData(words, word("b")),
          expectFailure(IllegalStateException.class, "simulated failure"),
          assertOnQuery(q -> !q.isActive() && q.exception().isPresent(), "the failed query is the one asserted on"),
          startStream(),
          addData(words, word("c")),
          checkAnswer(word("a"), word("b"), word("c")));
    }
  }

  @Test
  void expectFailureFailsWhenTheCauseIsOfAnotherClass() {
    try (MillraceSession session = MillraceSession.builder().faultInjector(failOnceAfterTheSinkWroteBatch1()).build()) {
      AssertionError failure = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          addData(words, word("a")),
          processAllAvailable(),
          addData(words, word("b")),
          expectFailure(IllegalArgumentException.class)), AssertionError.class);
      assertThat(failure.getMessage()).startsWith("expectFailure(java.lang.IllegalArgumentException): the query failed, "
          + "but with the cause java.lang.IllegalStateException, not java.lang.IllegalArgumentException: ")
          .contains("simulated failure after the sink wrote batch 1")
          .contains("the query: id ").contains(", failed\n");
    }
  }

  @Test
  void expectFailureFailsWhenTheMessageDiffers() {
    try (MillraceSession session = MillraceSession.builder().faultInjector(failOnceAfterTheSinkWroteBatch1()).build()) {
      AssertionError failure = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          addData(words, word("a")),
          processAllAvailable(),
          addData(words, word("b")),
          expectFailure(IllegalStateException.class, "another message")), AssertionError.class);
      assertThat(failure.getMessage()).startsWith("expectFailure(java.lang.IllegalStateException, \"another message\"): "
          + "the query failed with IllegalStateException, but its message does not contain 'another message'");
    }
  }

  @Test
  void expectFailureFailsAtOnceWhenTheQueryProcessesItsInputWithoutFailing() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      AssertionError failure = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          addData(words, word("a")),
          expectFailure(IllegalStateException.class)), AssertionError.class);
      assertThat(failure.getMessage()).startsWith(
          "expectFailure(java.lang.IllegalStateException): the query did not fail; it processed all its input and runs on\n");
    }
  }

  @Test
  void aFailureNoStepExpectedFailsTheCheckThatMeetsIt() {
    try (MillraceSession session = MillraceSession.builder().faultInjector(failOnceAfterTheSinkWroteBatch1()).build()) {
      AssertionError failure = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          addData(words, word("a")),
          processAllAvailable(),
          addData(words, word("b")),
          checkAnswer(word("a"), word("b"))), AssertionError.class);
      assertThat(failure.getMessage()).startsWith("the query failed: ")
          .contains("simulated failure after the sink wrote batch 1")
          .contains("=> checkAnswer([a], [b])")
          .contains(", failed\n");
    }
  }

  // ---- the manual clock --------------------------------------------------------------------

  @Test
  void advanceManualClockDrivesAProcessingTimeTrigger() {
    ManualClock clock = new ManualClock(1_000_000);
    try (MillraceSession session = MillraceSession.builder().clock(clock).build()) {
      Dataset stamped = words.toDataset(session).withColumn("at", current_timestamp());
      testStream(stamped).run(
          startStream(Trigger.processingTime("10 seconds"), clock),
          addData(words, word("a")),
          checkAnswer(), // the first trigger ran at start, before the row; the next one waits for the clock
          advanceManualClock(10_000),
          checkAnswer(Row.of("a", 1_010_000_000L)), // the batch's time is the clock's
          addData(words, word("b")),
          advanceManualClock(5_000),
          checkNewAnswer(), // half an interval: no trigger
          advanceManualClock(5_000),
          checkNewAnswer(Row.of("b", 1_020_000_000L)));
    }
  }

  @Test
  void advanceManualClockNeedsASessionOnAManualClock() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      AssertionError failure = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          startStream(Trigger.processingTime("10 seconds")),
          advanceManualClock(10_000)), AssertionError.class);
      assertThat(failure.getMessage()).startsWith("advanceManualClock(10000) needs a session built with "
          + "MillraceSession.builder().clock(new ManualClock(..)); this session runs on the machine's clock");
    }
  }

  @Test
  void startStreamRefusesAManualClockTheSessionDoesNotRead() {
    try (MillraceSession session = MillraceSession.builder().clock(new ManualClock(0)).build()) {
      AssertionError failure = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          startStream(Trigger.processingTime("10 seconds"), new ManualClock(0))), AssertionError.class);
      assertThat(failure.getMessage()).startsWith("startStream was given ManualClock[0 ms], which is not the clock of "
          + "the dataset's session (ManualClock[0 ms]); build the session with MillraceSession.builder().clock(clock)");
    }
  }

  // ---- the harness's own housekeeping -----------------------------------------------------------

  @Test
  void aStepThatNeedsAQueryAfterStopStreamSaysSoAndTheCheckpointIsDeletedAtTheEnd() {
    AtomicReference<URI> checkpoint = new AtomicReference<>();
    try (MillraceSession session = MillraceSession.builder().build()) {
      AssertionError failure = catchThrowableOfType(() -> testStream(words.toDataset(session)).run(
          execute("remember the checkpoint", q -> checkpoint.set(((MicroBatchExecution) q).checkpointLocation())),
          stopStream(),
          stopStream()), AssertionError.class);
      assertThat(failure.getMessage()).startsWith(
          "stopStream() needs a started query; the last one was stopped: startStream() first\n");
    }
    assertThat(Files.exists(Path.of(checkpoint.get()))).isFalse();
    assertThat(Files.exists(Path.of(checkpoint.get()).getParent())).isFalse();
  }
}
