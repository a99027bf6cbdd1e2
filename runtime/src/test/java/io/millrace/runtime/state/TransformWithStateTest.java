package io.millrace.runtime.state;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.expectFailure;
import static io.millrace.api.testing.StreamAction.startStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.api.state.ExpiredTimerInfo;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.api.state.ValueState;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** transformWithState's processing-time timers on the manual clock, and its refusals. */
class TransformWithStateTest {
  private static final Schema INPUT = Schema.parse("k STRING, v INT");
  private static final Schema OUTPUT = Schema.parse("k STRING, n LONG");

  @TempDir Path dir;

  /** Counts each key's rows; five seconds of processing time after its first, emits the count and forgets it. */
  static class CountForFiveSeconds extends StatefulProcessor<Row, Row, Row> {
    private ValueState<Long> count;

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      count = getHandle().getValueState("count", StateCodecs.value(Long.class));
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      long n = count.exists() ? count.get() : 0;
      if (n == 0) {
        getHandle().registerTimer(times.getCurrentProcessingTimeInMs() + 5000);
      }
      while (rows.hasNext()) {
        rows.next();
        n++;
      }
      count.update(n);
      return Collections.emptyIterator();
    }

    @Override
    public Iterator<Row> handleExpiredTimer(Row key, TimerValues times, ExpiredTimerInfo timer) {
      Row out = Row.of(key.getString(0), count.get());
      count.clear();
      return List.of(out).iterator();
    }
  }

  private static Row in(String k) {
    return Row.of(k, 1);
  }

  @Test
  void aProcessingTimeTimerFiresInTheFirstBatchAtOrAfterItsTimeWithoutData() {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = MillraceSession.builder().clock(clock).build(); MemoryStream m = MemoryStream.create(INPUT)) {
      Dataset q = m.toDataset(s).groupByKey("k").transformWithState(CountForFiveSeconds::new, TimeMode.PROCESSING_TIME,
          OutputMode.UPDATE, OUTPUT);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a"), in("a"), in("b")),
          advanceManualClock(1000), // batch 0 at 1 s: timers at 6 s
          checkAnswer(),
          addData(m, in("a")),
          advanceManualClock(1000), // batch 1 at 2 s: a has 3
          advanceManualClock(3000), // 5 s: nothing due, no batch
          checkAnswer(),
          assertOnQuery(query -> query.recentProgress().size() == 2, "no batch runs before a timer is due"),
          advanceManualClock(1000), // 6 s: both timers due, a batch without data fires them
          checkAnswer(Row.of("a", 3L), Row.of("b", 1L)),
          assertOnQuery(query -> query.lastProgress().numInputRows() == 0
              && query.lastProgress().stateOperators().get(0).customMetrics().get("numExpiredTimers") == 2,
              "the third batch had no data and fired two timers"),
          advanceManualClock(5000),
          checkAnswer(Row.of("a", 3L), Row.of("b", 1L)),
          assertOnQuery(query -> query.recentProgress().size() == 3, "no timer left, no batch"));
    }
  }

  /** On its first row sets timers at 1 s and 2 s; the first to fire deletes the second. */
  static final class FirstTimerDeletesTheSecond extends StatefulProcessor<Row, Row, Row> {
    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {}

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      if (key.getString(0).equals("k")) {
        getHandle().registerTimer(1000);
        getHandle().registerTimer(2000);
      }
      return Collections.emptyIterator();
    }

    @Override
    public Iterator<Row> handleExpiredTimer(Row key, TimerValues times, ExpiredTimerInfo timer) {
      getHandle().deleteTimer(2000);
      return List.of(Row.of("fired at " + timer.getExpiryTimeInMs(), times.getCurrentWatermarkInMs())).iterator();
    }
  }

  @Test
  void aTimerDeletedByAnEarlierHandlerOfTheBatchDoesNotFire() {
    Schema timed = Schema.parse("k STRING, ts TIMESTAMP");
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create(timed)) {
      Dataset q = m.toDataset(s).withWatermark("ts", "0 seconds").groupByKey("k")
          .transformWithState(FirstTimerDeletesTheSecond::new, TimeMode.EVENT_TIME, OutputMode.APPEND, OUTPUT);
      StreamTest.testStream(q, OutputMode.APPEND).run(
          addData(m, Row.of("k", 500_000L)),
          checkAnswer(),
          addData(m, Row.of("z", 10_000_000L)), // the watermark moves to 10 s: both timers are due in the next batch
          checkAnswer(Row.of("fired at 1000", 10_000L)),
          assertOnQuery(query -> query.lastProgress().stateOperators().get(0).customMetrics().get("numExpiredTimers") == 1,
              "one timer fired"));
    }
  }

  /** Registers a timer in init, where there is no key. */
  static final class TimerInInit extends CountForFiveSeconds {
    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      getHandle().registerTimer(1);
    }
  }

  /** Asks at run time for a variable it did not declare. */
  static final class Undeclared extends CountForFiveSeconds {
    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {}

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      getHandle().getValueState("count", StateCodecs.value(Long.class));
      return Collections.emptyIterator();
    }
  }

  /** Returns rows of one column where the output has two. */
  static final class WrongWidth extends CountForFiveSeconds {
    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      return List.of(Row.of("x")).iterator();
    }
  }

  /** Declares "count" as a string. */
  static final class CountAsString extends StatefulProcessor<Row, Row, Row> {
    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      getHandle().getValueState("count", StateCodecs.value(String.class));
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      return Collections.emptyIterator();
    }
  }

  private StreamingQuery start(MillraceSession s, String source, Supplier<? extends StatefulProcessor<Row, Row, Row>> p,
      TimeMode timeMode, String mode, String checkpoint) {
    return s.readStream().format("memory").option("name", source).load().groupByKey("k")
        .transformWithState(p, timeMode, OutputMode.valueOf(mode.toUpperCase(java.util.Locale.ROOT)), OUTPUT)
        .writeStream().format("memory").option("name", "out-" + System.nanoTime()).outputMode(mode)
        .option("checkpointLocation", dir.resolve(checkpoint).toString()).start();
  }

  @Test
  void badQueriesAreRefusedAtStartNamingWhatIsWrong() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create("tws-in", INPUT)) {
      assertThatThrownBy(() -> start(s, "tws-in", CountForFiveSeconds::new, TimeMode.PROCESSING_TIME, "complete", "c1"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("append or update output mode, not complete");
      assertThatThrownBy(() -> start(s, "tws-in", TimerInInit::new, TimeMode.PROCESSING_TIME, "update", "c2"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("registerTimer in init()")
          .hasMessageContaining(TimerInInit.class.getName());
      CountForFiveSeconds shared = new CountForFiveSeconds();
      assertThatThrownBy(() -> start(s, "tws-in", () -> shared, TimeMode.PROCESSING_TIME, "update", "c4"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("a new processor each call")
          .hasMessageContaining("the same instance twice");
      assertThatThrownBy(() -> s.readStream().format("memory").option("name", "tws-in").load().groupByKey("nope")
          .transformWithState(CountForFiveSeconds::new, TimeMode.NONE, OutputMode.UPDATE, OUTPUT).writeStream()
          .format("memory").option("name", "o").outputMode("update")
          .option("checkpointLocation", dir.resolve("c3").toString()).start())
          .isInstanceOf(AnalysisException.class).hasMessageContaining("cannot resolve column 'nope'");
    }
  }

  @Test
  void aProcessorThatBreaksItsContractFailsTheBatchSayingHow() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create(INPUT)) {
      StreamTest.testStream(m.toDataset(s).groupByKey("k").transformWithState(Undeclared::new, TimeMode.NONE,
          OutputMode.UPDATE, OUTPUT), OutputMode.UPDATE).run(
          addData(m, in("a")),
          expectFailure(IllegalStateException.class, "state variable 'count' was not declared in init()"));
    }
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create(INPUT)) {
      StreamTest.testStream(m.toDataset(s).groupByKey("k").transformWithState(WrongWidth::new, TimeMode.NONE,
          OutputMode.UPDATE, OUTPUT), OutputMode.UPDATE).run(
          addData(m, in("a")),
          expectFailure(IllegalStateException.class, "not a row of the output schema"));
    }
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create(INPUT)) {
      StreamTest.testStream(m.toDataset(s).groupByKey("k").transformWithState(CountForFiveSeconds::new, TimeMode.NONE,
          OutputMode.UPDATE, OUTPUT), OutputMode.UPDATE).run(
          addData(m, in("a")),
          expectFailure(IllegalStateException.class, "timers need a time mode"));
    }
  }

  @Test
  void aRestartThatDeclaresAVariableWithAnotherTypeIsRefused() throws Exception {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create("tws-re", INPUT)) {
      StreamingQuery q = start(s, "tws-re", CountForFiveSeconds::new, TimeMode.PROCESSING_TIME, "update", "re");
      m.addData(in("a"));
      q.processAllAvailable();
      q.stop();
      assertThatThrownBy(() -> start(s, "tws-re", CountAsString::new, TimeMode.PROCESSING_TIME, "update", "re"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("state variable 'count' was VALUE<value LONG NOT NULL> and is VALUE<value STRING NOT NULL>");
    }
  }
}
