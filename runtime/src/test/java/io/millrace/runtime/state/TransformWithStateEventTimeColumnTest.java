package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.sum;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.expectFailure;
import static io.millrace.api.testing.StreamAction.startStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
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
import io.millrace.api.testing.StreamAction;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * transformWithState with an {@code eventTimeColumnName}, alone and chained into a window
 * aggregation on that column in append, update and complete mode, against Spark 4.0.1. Every
 * expected row, count and watermark here was printed by the same scenario on Spark 4.0.1 (RocksDB,
 * two shuffle partitions, {@code Trigger.ProcessingTime(1000)} on a manual clock) by
 * {@code tools/spark-tws-eventtime-probe/TwsEventTimeProbe.java}; its output is
 * {@code TwsEventTimeProbe.out} next to it. The processor is the probe's: it counts each key's
 * rows and emits, per batch, the newest input time and the count, moving an event-time timer to
 * that time + 5 s, whose firing emits the timer's time and 0 and clears the key. Key "old" emits
 * at 1 s whatever it reads, "wm" at the batch's watermark, "wm1" 1 ms after it, "null" no time;
 * "tlate"'s timer emits at 1 s.
 */
class TransformWithStateEventTimeColumnTest {
  private static final Schema INPUT = Schema.parse("key STRING, ts TIMESTAMP");
  private static final Schema OUT = Schema.parse("key STRING, outTs TIMESTAMP, n LONG");

  @TempDir Path dir;

  static final class Counter extends StatefulProcessor<Row, Row, Row> {
    private ValueState<Long> count;
    private ValueState<Long> timer;

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      count = getHandle().getValueState("count", StateCodecs.value(Long.class));
      timer = getHandle().getValueState("timer", StateCodecs.value(Long.class));
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues tv) {
      String k = key.getString(0);
      long n = count.exists() ? count.get() : 0;
      long max = Long.MIN_VALUE;
      while (rows.hasNext()) {
        n++;
        max = Math.max(max, rows.next().getLong(1) / 1000);
      }
      count.update(n);
      if (timer.exists()) {
        getHandle().deleteTimer(timer.get());
      }
      timer.update(max + 5000);
      getHandle().registerTimer(max + 5000);
      long out = k.equals("old") ? 1000 : k.equals("wm") ? tv.getCurrentWatermarkInMs()
          : k.equals("wm1") ? tv.getCurrentWatermarkInMs() + 1 : max;
      return List.of(Row.of(k, k.equals("null") ? null : out * 1000, n)).iterator();
    }

    @Override
    public Iterator<Row> handleExpiredTimer(Row key, TimerValues tv, ExpiredTimerInfo info) {
      count.clear();
      timer.clear();
      long at = key.getString(0).equals("tlate") ? 1000 : info.getExpiryTimeInMs();
      return List.of(Row.of(key.getString(0), at * 1000, 0L)).iterator();
    }
  }

  private static Row in(String key, long tsMs) {
    return Row.of(key, tsMs * 1000);
  }

  private static Row out(String key, long tsMs, long n) {
    return Row.of(key, tsMs * 1000, n);
  }

  /** A window of the aggregation after it: start and end in seconds, rows counted, n summed. */
  private static Row win(long startS, long endS, long rows, long sumN) {
    return Row.of(startS * 1_000_000, endS * 1_000_000, rows, sumN);
  }

  private static MillraceSession session(String store, ManualClock clock) {
    return MillraceSession.builder().clock(clock).config("millrace.state.provider", store)
        .config("millrace.shuffle.partitions", "2").build();
  }

  private static Dataset tws(MemoryStream m, MillraceSession s) {
    return m.toDataset(s).withWatermark("ts", "10 seconds").groupByKey("key")
        .transformWithState(Counter::new, "outTs", OutputMode.APPEND, OUT);
  }

  private static Dataset windows(Dataset tws) {
    return tws.groupBy(window(col("outTs"), "10 seconds")).agg(count("*").as("rows"), sum("n").as("sumN"))
        .select(col("window.start"), col("window.end"), col("rows"), col("sumN"));
  }

  /** The probe's first four steps' input, and a fifth without input (each step one trigger). */
  private static List<StreamAction> firstSteps(MemoryStream m, List<List<Row>> rows, List<Predicate<StreamingQuery>> checks) {
    List<StreamAction> a = new ArrayList<>();
    Row[][] data = {{in("a", 10000), in("a", 12000), in("b", 11000)}, {in("b", 25000)}, {},
        {in("c", 40000), in("a", 1000)}, {}};
    for (int i = 0; i < data.length; i++) {
      if (data[i].length > 0) {
        a.add(addData(m, data[i]));
      }
      a.add(advanceManualClock(1000));
      a.add(checkNewAnswer(rows.get(i).toArray(new Row[0])));
      a.add(assertOnQuery(checks.get(i), "Spark's batch " + i));
    }
    return a;
  }

  /** The failure of the probe's sixth step: key "old" emits at 1 s after the watermark reached 30 s. */
  private static List<StreamAction> oldRowFails(MemoryStream m) {
    return List.of(addData(m, in("d", 70000), in("old", 65000)), advanceManualClock(1000),
        expectFailure(IllegalStateException.class, "whose event time outTs (1970-01-01T00:00:01Z) is at or before the"
            + " watermark 1970-01-01T00:00:30Z"));
  }

  private static Predicate<StreamingQuery> op(String name, long total, long updated, long removed, long dropped) {
    return q -> {
      for (StateOperatorProgress p : q.lastProgress().stateOperators()) {
        if (p.operatorName().equals(name)) {
          return (total < 0 || p.numRowsTotal() == total) && (updated < 0 || p.numRowsUpdated() == updated)
              && (removed < 0 || p.numRowsRemoved() == removed) && p.numRowsDroppedByWatermark() == dropped;
        }
      }
      return false;
    };
  }

  /** The transformWithState operator's late rows: 1 in batch 3 (a at 1 s), as Spark's. */
  private static Predicate<StreamingQuery> tws(long dropped) {
    return op("transformWithStateExec", -1, -1, -1, dropped);
  }

  /**
   * The window's state after the batch, and the transformWithState's late rows: only batch 3's
   * input has one (a at 1 s), as in every scenario here.
   */
  private static Predicate<StreamingQuery> agg(long total, long updated, long removed, long twsDropped) {
    return op("stateStoreSave", total, updated, removed, 0).and(tws(twsDropped));
  }

  private static void run(Dataset q, OutputMode mode, ManualClock clock, List<StreamAction> steps) {
    List<StreamAction> all = new ArrayList<>(List.of(startStream(Trigger.processingTime("1 second"), clock)));
    all.addAll(steps);
    StreamTest.testStream(q, mode).run(all.toArray(new StreamAction[0]));
  }

  private static List<StreamAction> concat(List<StreamAction> a, List<StreamAction> b) {
    List<StreamAction> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void itsRowsAreNeverLateAndTheFirstThatIsFailsTheQuery(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(store, clock); MemoryStream m = MemoryStream.create(INPUT)) {
      run(tws(m, s), OutputMode.APPEND, clock, concat(firstSteps(m,
          List.of(List.of(out("a", 12000, 2), out("b", 11000, 1)), List.of(out("b", 25000, 2)), List.of(),
              List.of(out("c", 40000, 1)), List.of(out("a", 17000, 0), out("b", 30000, 0))),
          List.of(tws(0), tws(0), tws(0), tws(1), tws(0))), oldRowFails(m)));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void aWindowAfterItEmitsInAppendModeByThePropagatedWatermark(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(store, clock); MemoryStream m = MemoryStream.create(INPUT)) {
      // The windows close at 30 s, in the batch where a's and b's timers fire: the aggregation's
      // watermark is the transformWithState's, and the timers' rows (17 s, 30 s) are not late for it.
      run(windows(tws(m, s)), OutputMode.APPEND, clock, concat(firstSteps(m,
          List.of(List.of(), List.of(), List.of(), List.of(), List.of(win(10, 20, 3, 3), win(20, 30, 1, 2))),
          List.of(agg(1, 1, 0, 0), agg(2, 1, 0, 0), agg(2, 0, 0, 0), agg(3, 1, 0, 1), agg(2, 2, 2, 0))), oldRowFails(m)));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void aWindowAfterItInUpdateMode(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(store, clock); MemoryStream m = MemoryStream.create(INPUT)) {
      run(windows(tws(m, s)), OutputMode.UPDATE, clock, concat(firstSteps(m,
          List.of(List.of(win(10, 20, 2, 3)), List.of(win(20, 30, 1, 2)), List.of(), List.of(win(40, 50, 1, 1)),
              List.of(win(10, 20, 3, 3), win(30, 40, 1, 0))),
          List.of(agg(1, 1, 0, 0), agg(2, 1, 0, 0), agg(2, 0, 0, 0), agg(3, 1, 0, 1), agg(2, 2, 2, 0))), oldRowFails(m)));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void aWindowAfterItInCompleteMode(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(store, clock); MemoryStream m = MemoryStream.create(INPUT)) {
      List<StreamAction> steps = new ArrayList<>();
      Row[][] data = {{in("a", 10000), in("a", 12000), in("b", 11000)}, {in("b", 25000)}, {},
          {in("c", 40000), in("a", 1000)}, {}};
      Row[][] tables = {{win(10, 20, 2, 3)}, {win(10, 20, 2, 3), win(20, 30, 1, 2)},
          {win(10, 20, 2, 3), win(20, 30, 1, 2)}, {win(10, 20, 2, 3), win(20, 30, 1, 2), win(40, 50, 1, 1)},
          {win(10, 20, 3, 3), win(20, 30, 1, 2), win(30, 40, 1, 0), win(40, 50, 1, 1)}};
      long[][] stats = {{1, 1, 0}, {2, 1, 0}, {2, 0, 0}, {3, 1, 0}, {4, 2, 0}}; // complete mode evicts nothing
      for (int i = 0; i < data.length; i++) {
        if (data[i].length > 0) {
          steps.add(addData(m, data[i]));
        }
        steps.add(advanceManualClock(1000));
        steps.add(checkAnswer(tables[i]));
        steps.add(assertOnQuery(agg(stats[i][0], stats[i][1], stats[i][2], i == 3 ? 1 : 0), "Spark's batch " + i));
      }
      run(windows(tws(m, s)), OutputMode.COMPLETE, clock, concat(steps, oldRowFails(m)));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void aRowAtTheLateWatermarkFailsAndOneMillisecondAfterItDoesNot(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(store, clock); MemoryStream m = MemoryStream.create(INPUT)) {
      // Late rows are those at or before the previous batch's watermark: "old" at 1 s passes in
      // batch 1 (previous watermark 0) and fails in batch 2 (10 s); "wm" at the watermark fails.
      run(tws(m, s), OutputMode.APPEND, clock, List.of(
          addData(m, in("a", 20000)), advanceManualClock(1000), checkNewAnswer(out("a", 20000, 1)),
          addData(m, in("x", 15000)), advanceManualClock(1000), checkNewAnswer(out("x", 15000, 1)),
          addData(m, in("wm1", 30000)), advanceManualClock(1000), checkNewAnswer(out("wm1", 10001, 1)),
          addData(m, in("y", 15000)), advanceManualClock(1000),
          checkNewAnswer(out("x", 20000, 0), out("y", 15000, 1), out("y", 20000, 0)), assertOnQuery(tws(0), "y not late"),
          addData(m, in("wm", 30000)), advanceManualClock(1000),
          expectFailure(IllegalStateException.class, "whose event time outTs (1970-01-01T00:00:20Z) is at or before the"
              + " watermark 1970-01-01T00:00:20Z")));
    }
    clock = new ManualClock(0);
    try (MillraceSession s = session(store, clock); MemoryStream m = MemoryStream.create(INPUT)) {
      run(tws(m, s), OutputMode.APPEND, clock, List.of(
          addData(m, in("a", 20000)), advanceManualClock(1000), checkNewAnswer(out("a", 20000, 1)),
          addData(m, in("old", 30000)), advanceManualClock(1000), checkNewAnswer(out("old", 1000, 1)),
          addData(m, in("old", 40000)), advanceManualClock(1000),
          expectFailure(IllegalStateException.class, "whose event time outTs (1970-01-01T00:00:01Z) is at or before the"
              + " watermark 1970-01-01T00:00:10Z")));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void aLateRowFromATimerFailsTheBatchWithoutInputItFiresIn(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(store, clock); MemoryStream m = MemoryStream.create(INPUT)) {
      // tlate's timer (25 s) fires in the batch without data that the watermark's move to 30 s
      // runs, whose input rows would be late at or before 10 s: its row at 1 s fails it, as in Spark.
      run(tws(m, s), OutputMode.APPEND, clock, List.of(
          addData(m, in("tlate", 20000)), advanceManualClock(1000), checkNewAnswer(out("tlate", 20000, 1)),
          addData(m, in("b", 40000)), advanceManualClock(1000), checkNewAnswer(out("b", 40000, 1)),
          advanceManualClock(1000),
          expectFailure(IllegalStateException.class, "whose event time outTs (1970-01-01T00:00:01Z) is at or before the"
              + " watermark 1970-01-01T00:00:10Z")));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void aRowWithoutATimePassesAndNoWindowTakesIt(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(store, clock); MemoryStream m = MemoryStream.create(INPUT)) {
      run(windows(tws(m, s)), OutputMode.APPEND, clock, List.of(
          addData(m, in("a", 20000)), advanceManualClock(1000), checkNewAnswer(),
          addData(m, in("null", 30000)), advanceManualClock(1000), checkNewAnswer(),
          addData(m, in("b", 40000)), advanceManualClock(1000), checkNewAnswer(),
          advanceManualClock(1000), checkNewAnswer(win(20, 30, 2, 1))));
    }
  }

  @org.junit.jupiter.api.Test
  void theInputNeedsAWatermarkAndTheColumnATimestampOfTheOutput() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create(INPUT)) {
      assertThatThrownBy(() -> start(m.toDataset(s).groupByKey("key").transformWithState(Counter::new, "outTs",
          OutputMode.APPEND, OUT), "append")).isInstanceOf(AnalysisException.class)
          .hasMessageContaining("CANNOT_ASSIGN_EVENT_TIME_COLUMN_WITHOUT_WATERMARK");
      assertThatThrownBy(() -> start(m.toDataset(s).withWatermark("ts", "10 seconds").groupByKey("key")
          .transformWithState(Counter::new, "nope", OutputMode.APPEND, OUT), "append"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("'nope' is not a column of the output schema");
      // Spark 4.0.1 starts this one; an event time that is not a timestamp is refused here (README).
      assertThatThrownBy(() -> start(m.toDataset(s).withWatermark("ts", "10 seconds").groupByKey("key")
          .transformWithState(Counter::new, "n", OutputMode.APPEND, OUT), "append"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("'n' is LONG, not TIMESTAMP");
      // As Spark: a transformWithState in update mode may feed a window in an append-mode query.
      StreamingQuery q = start(windows(m.toDataset(s).withWatermark("ts", "10 seconds").groupByKey("key")
          .transformWithState(Counter::new, "outTs", OutputMode.UPDATE, OUT)), "append");
      assertThat(q.isActive()).isTrue();
      q.stop();
    }
  }

  private StreamingQuery start(Dataset q, String mode) {
    return q.writeStream().format("memory").option("name", "out-" + System.nanoTime()).outputMode(mode)
        .option("checkpointLocation", dir.resolve("c" + System.nanoTime()).toString()).start();
  }
}
