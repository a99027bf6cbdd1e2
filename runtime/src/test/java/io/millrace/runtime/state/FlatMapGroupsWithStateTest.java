package io.millrace.runtime.state;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.expectFailure;
import static io.millrace.api.testing.StreamAction.startStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.KeyValueGroupedDataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.api.state.FlatMapGroupsWithStateFunction;
import io.millrace.api.state.GroupState;
import io.millrace.api.state.GroupStateTimeout;
import io.millrace.api.state.MapGroupsWithStateFunction;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code mapGroupsWithState} and {@code flatMapGroupsWithState} against Spark 4.0.1. Every
 * expected row, count and message here was printed by the same scenario run on Spark 4.0.1 by
 * {@code tools/spark-fmgws-probe/FmgwsProbe.java} (a {@code MemoryStream} of
 * {@code "key|tsMs|v"} strings, the query started through {@code StreamingQueryManager.startQuery}
 * with {@code Trigger.ProcessingTime(1000)} on a {@code ManualClock}, the clock advanced by each
 * step and the step's rows taken from the memory sink; output in {@code FmgwsProbe.out} next to
 * it). The functions here are the probe's, on Millrace's API. Where Spark ran a batch that emitted
 * nothing and Millrace runs none (a processing-time timeout not yet due), the test says so.
 */
class FlatMapGroupsWithStateTest {
  private static final Schema INPUT = Schema.parse("key STRING, ts TIMESTAMP, v STRING");
  private static final Schema OUT = Schema.parse("key STRING, count LONG, timedOut BOOLEAN, exists BOOLEAN,"
      + " procMs LONG, wmMs LONG");

  @TempDir
  Path dir;

  private static Row in(String key, long tsMs, String v) {
    return Row.of(key, tsMs * 1000, v);
  }

  private static Row out(String key, long count, boolean timedOut, boolean exists, long procMs, long wmMs) {
    return Row.of(key, count, timedOut, exists, procMs, wmMs);
  }

  /** The watermark, or -9 where Spark refuses to give one (no watermark upstream). */
  private static long wm(GroupState<?> s) {
    try {
      return s.getCurrentWatermarkMs();
    } catch (UnsupportedOperationException e) {
      return -9;
    }
  }

  /** The probe's COUNT_PROC: a running count, timing out 10 s after the key's last rows; a timeout emits and removes. */
  static final class CountProc implements MapGroupsWithStateFunction<Long> {
    @Override
    public Row call(Row key, java.util.Iterator<Row> rows, GroupState<Long> state) {
      String k = key.getString(0);
      if (state.hasTimedOut()) {
        Row r = out(k, state.exists() ? state.get() : -1L, true, state.exists(), state.getCurrentProcessingTimeMs(),
            wm(state));
        state.remove();
        return r;
      }
      long n = state.exists() ? state.get() : 0;
      while (rows.hasNext()) {
        rows.next();
        n++;
      }
      state.update(n);
      state.setTimeoutDuration("10 seconds");
      return out(k, n, false, true, state.getCurrentProcessingTimeMs(), wm(state));
    }
  }

  /**
   * The probe's COUNT_EVENT: a count, timing out 5 s after the key's latest event; v=rm removes
   * the state but keeps a timeout; v=eq sets the timeout at the watermark itself.
   */
  static final class CountEvent implements FlatMapGroupsWithStateFunction<Long> {
    @Override
    public java.util.Iterator<Row> call(Row key, java.util.Iterator<Row> rows, GroupState<Long> state) {
      String k = key.getString(0);
      if (state.hasTimedOut()) {
        Row r = out(k, state.exists() ? state.get() : -1L, true, state.exists(), state.getCurrentProcessingTimeMs(),
            state.getCurrentWatermarkMs());
        state.remove();
        return List.of(r).iterator();
      }
      long n = state.exists() ? state.get() : 0;
      long max = 0;
      String last = "";
      while (rows.hasNext()) {
        Row r = rows.next();
        n++;
        max = Math.max(max, r.getLong(1) / 1000);
        last = r.getString(2);
      }
      if (last.equals("rm")) {
        state.remove();
        state.setTimeoutTimestamp(max + 5000);
      } else if (last.equals("eq")) {
        state.update(n);
        state.setTimeoutTimestamp(state.getCurrentWatermarkMs());
      } else {
        state.update(n);
        state.setTimeoutTimestamp(max, "5 seconds");
      }
      return Collections.emptyIterator();
    }
  }

  /** The probe's COUNT_NONE: one row per call with the running count; removed at 3. */
  static final class CountNone implements FlatMapGroupsWithStateFunction<Long> {
    @Override
    public java.util.Iterator<Row> call(Row key, java.util.Iterator<Row> rows, GroupState<Long> state) {
      long n = state.exists() ? state.get() : 0;
      while (rows.hasNext()) {
        rows.next();
        n++;
      }
      if (n >= 3) {
        state.remove();
      } else {
        state.update(n);
      }
      return List.of(out(key.getString(0), n, false, state.exists(), state.getCurrentProcessingTimeMs(), wm(state)))
          .iterator();
    }
  }

  private static Predicate<StreamingQuery> state(long total, long updated, long removed, long dropped) {
    return q -> {
      StateOperatorProgress op = q.lastProgress().stateOperators().get(0);
      return op.operatorName().equals("flatMapGroupsWithState") && op.numRowsTotal() == total
          && op.numRowsUpdated() == updated && op.numRowsRemoved() == removed
          && op.numRowsDroppedByWatermark() == dropped;
    };
  }

  @Test
  void mapGroupsWithStateTimesOutStrictlyAfterItsProcessingTime() {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = MillraceSession.builder().clock(clock).build(); MemoryStream m = MemoryStream.create(INPUT)) {
      Dataset q = m.toDataset(s).groupByKey("key").mapGroupsWithState(new CountProc(), StateCodecs.value(Long.class),
          OUT, GroupStateTimeout.PROCESSING_TIME_TIMEOUT);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a", 0, "x"), in("a", 0, "x"), in("b", 0, "x")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", 2, false, true, 1000, -9), out("b", 1, false, true, 1000, -9)),
          assertOnQuery(state(2, 2, 0, 0), "Spark's batch 0: 2 rows total, 2 updated"),
          addData(m, in("a", 0, "x")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", 3, false, true, 2000, -9)),
          assertOnQuery(state(2, 1, 0, 0), "Spark's batch 1"),
          advanceManualClock(9000), // 11 s: b's timeout (11 s) is not before 11 s; Spark runs a batch emitting nothing
          checkNewAnswer(),
          assertOnQuery(q2 -> q2.recentProgress().size() == 2, "no batch while no timeout is due (Spark runs one)"),
          advanceManualClock(1000),
          checkNewAnswer(out("b", 1, true, true, 12000, -9)),
          assertOnQuery(state(1, 0, 1, 0), "Spark's batch 3: b removed"),
          advanceManualClock(1000),
          checkNewAnswer(out("a", 3, true, true, 13000, -9)),
          assertOnQuery(state(0, 0, 1, 0), "Spark's batch 4: a removed"),
          advanceManualClock(1000),
          checkNewAnswer(),
          assertOnQuery(q2 -> q2.recentProgress().size() == 4, "no state left, no batch (Spark runs one)"));
    }
  }

  /**
   * The operator keeps one timer per key with a timeout and tells the store so rather than have
   * it look each one up: a wrong word would miscount the timers (RocksDB trusts it).
   */
  private static Predicate<StreamingQuery> timers(long n) {
    return q -> q.lastProgress().stateOperators().get(0).customMetrics().get("numTimers") == n;
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void flatMapGroupsWithStateTimesOutStrictlyBelowTheWatermarkInAppendMode(String provider) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = MillraceSession.builder().clock(clock).config("millrace.state.provider", provider).build();
        MemoryStream m = MemoryStream.create(INPUT)) {
      Dataset q = m.toDataset(s).withWatermark("ts", "10 seconds").groupByKey("key").flatMapGroupsWithState(
          new CountEvent(), OutputMode.APPEND, StateCodecs.value(Long.class), OUT, GroupStateTimeout.EVENT_TIME_TIMEOUT);
      StreamTest.testStream(q, OutputMode.APPEND).run(
          startStream(Trigger.processingTime("1 second"), clock),
          // a times out at 17 s; r's state is removed, its timeout (15 s) kept
          addData(m, in("a", 10000, "x"), in("a", 12000, "x"), in("r", 10000, "rm")),
          advanceManualClock(1000),
          checkNewAnswer(),
          assertOnQuery(state(2, 2, 0, 0), "Spark's batch 0"),
          assertOnQuery(timers(2), "a's and r's timeouts"),
          addData(m, in("b", 27000, "x")),
          advanceManualClock(1000),
          checkNewAnswer(),
          assertOnQuery(state(3, 1, 0, 0), "Spark's batch 1"),
          assertOnQuery(timers(3), "b's timeout added"),
          // the watermark moved to 17 s: r (15 s) times out with no state; a (17 s) does not
          advanceManualClock(1000),
          checkNewAnswer(out("r", -1, true, false, 3000, 17000)),
          assertOnQuery(state(2, 0, 1, 0), "Spark's batch 2"),
          assertOnQuery(timers(2), "r's fired"),
          // a's row at 1 s is late (at or before 17 s): dropped; e's timeout is the watermark itself
          addData(m, in("c", 27001, "x"), in("a", 1000, "x"), in("e", 30000, "eq")),
          advanceManualClock(1000),
          checkNewAnswer(),
          assertOnQuery(state(4, 2, 0, 1), "Spark's batch 3: one late row"),
          assertOnQuery(timers(4), "c's and e's added"),
          advanceManualClock(1000),
          checkNewAnswer(out("a", 2, true, true, 5000, 20000), out("e", 1, true, true, 5000, 20000)),
          assertOnQuery(state(2, 0, 2, 0), "Spark's batch 4"),
          assertOnQuery(timers(2), "a's and e's fired"),
          addData(m, in("d", 60000, "x")),
          advanceManualClock(1000),
          checkNewAnswer(),
          assertOnQuery(state(3, 1, 0, 0), "Spark's batch 5"),
          assertOnQuery(timers(3), "d's added"),
          advanceManualClock(1000),
          checkNewAnswer(out("b", 1, true, true, 7000, 50000), out("c", 1, true, true, 7000, 50000)),
          assertOnQuery(state(1, 0, 2, 0), "Spark's batch 6"),
          assertOnQuery(timers(1), "d's left"),
          advanceManualClock(1000),
          checkNewAnswer(),
          assertOnQuery(q2 -> q2.recentProgress().size() == 7, "no batch: the watermark did not move (as Spark)"));
    }
  }

  @Test
  void flatMapGroupsWithStateWithoutTimeoutInUpdateMode() {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = MillraceSession.builder().clock(clock).build(); MemoryStream m = MemoryStream.create(INPUT)) {
      Dataset q = m.toDataset(s).groupByKey("key").flatMapGroupsWithState(new CountNone(), OutputMode.UPDATE,
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.NO_TIMEOUT);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a", 0, "x"), in("b", 0, "x"), in("a", 0, "x")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", 2, false, true, 1000, -9), out("b", 1, false, true, 1000, -9)),
          assertOnQuery(state(2, 2, 0, 0), "Spark's batch 0"),
          addData(m, in("a", 0, "x"), in("b", 0, "x")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", 3, false, false, 2000, -9), out("b", 2, false, true, 2000, -9)),
          assertOnQuery(state(1, 1, 1, 0), "Spark's batch 1"),
          addData(m, in("a", 0, "x")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", 1, false, true, 3000, -9)),
          assertOnQuery(state(2, 1, 0, 0), "Spark's batch 2"),
          advanceManualClock(1000),
          checkNewAnswer(),
          assertOnQuery(q2 -> q2.recentProgress().size() == 3, "no batch without data (as Spark)"));
    }
  }

  private StreamingQuery start(Dataset q, String mode) {
    return q.writeStream().format("memory").option("name", "out-" + System.nanoTime()).outputMode(mode)
        .option("checkpointLocation", dir.resolve("c" + System.nanoTime()).toString()).start();
  }

  @Test
  void queriesSparkRefusesAreRefusedAtStartWithItsMessages() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create("fm-in", INPUT)) {
      KeyValueGroupedDataset g = s.readStream().format("memory").option("name", "fm-in").load().groupByKey("key");
      KeyValueGroupedDataset gw = s.readStream().format("memory").option("name", "fm-in").load()
          .withWatermark("ts", "10 seconds").groupByKey("key");
      assertThatThrownBy(() -> start(g.mapGroupsWithState(new CountProc(), StateCodecs.value(Long.class), OUT,
          GroupStateTimeout.PROCESSING_TIME_TIMEOUT), "append")).isInstanceOf(AnalysisException.class)
          .hasMessageContaining("mapGroupsWithState is not supported with Append output mode on a streaming"
              + " DataFrame/Dataset");
      assertThatThrownBy(() -> start(g.flatMapGroupsWithState(new CountNone(), OutputMode.UPDATE,
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.NO_TIMEOUT), "append"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("flatMapGroupsWithState in update mode is not"
              + " supported with Append output mode on a streaming DataFrame/Dataset");
      assertThatThrownBy(() -> start(g.flatMapGroupsWithState(new CountNone(), OutputMode.APPEND,
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.NO_TIMEOUT), "update"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("flatMapGroupsWithState in append mode is not"
              + " supported with Update output mode on a streaming DataFrame/Dataset");
      assertThatThrownBy(() -> start(g.flatMapGroupsWithState(new CountEvent(), OutputMode.APPEND,
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.EVENT_TIME_TIMEOUT), "append"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("Watermark must be specified in the query using"
              + " '[Dataset/DataFrame].withWatermark()' for using event-time timeout in a [map|flatMap]GroupsWithState."
              + " Event-time timeout not supported without watermark.");
      assertThatThrownBy(() -> g.flatMapGroupsWithState(new CountNone(), OutputMode.COMPLETE,
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.NO_TIMEOUT))
          .isInstanceOf(IllegalArgumentException.class).hasMessage("The output mode of function should be append or"
              + " update");
      Dataset first = g.mapGroupsWithState(new CountProc(), StateCodecs.value(Long.class), OUT,
          GroupStateTimeout.PROCESSING_TIME_TIMEOUT);
      assertThatThrownBy(() -> start(first.groupByKey("key").mapGroupsWithState(new CountProc(),
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.PROCESSING_TIME_TIMEOUT), "update"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("Multiple mapGroupsWithStates are not supported"
              + " on a streaming DataFrames/Datasets");
      Dataset timedOut = gw.flatMapGroupsWithState(new CountEvent(), OutputMode.APPEND, StateCodecs.value(Long.class),
          OUT, GroupStateTimeout.EVENT_TIME_TIMEOUT);
      assertThatThrownBy(() -> start(timedOut.groupByKey("key").flatMapGroupsWithState(new CountNone(),
          OutputMode.APPEND, StateCodecs.value(Long.class), OUT, GroupStateTimeout.NO_TIMEOUT), "append"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("Detected pattern of possible 'correctness'"
              + " issue due to global watermark.");
    }
  }

  /**
   * Runs {@code fn} on a row at 5 s (and, for the watermark check, then one at 9 s: watermark
   * 4 s), expecting the query to fail so, as the probe's runs failed in Spark's batch 0 (or 1).
   */
  private static void failsWith(FlatMapGroupsWithStateFunction<Long> fn, GroupStateTimeout timeout, boolean watermark,
      Class<? extends Throwable> cause, String message) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = MillraceSession.builder().clock(clock).build(); MemoryStream m = MemoryStream.create(INPUT)) {
      Dataset in = m.toDataset(s);
      Dataset q = (watermark ? in.withWatermark("ts", "1 second") : in).groupByKey("key").flatMapGroupsWithState(fn,
          OutputMode.UPDATE, StateCodecs.value(Long.class), OUT, timeout);
      if (watermark && timeout == GroupStateTimeout.EVENT_TIME_TIMEOUT && cause == GroupsWithStateFunctionException.class) {
        // fails in the second batch, the first with a watermark above 0
        StreamTest.testStream(q, OutputMode.UPDATE).run(
            startStream(Trigger.processingTime("1 second"), clock),
            addData(m, in("a", 5000, "x")),
            advanceManualClock(1000),
            checkNewAnswer(),
            addData(m, in("a", 9000, "x")),
            advanceManualClock(1000),
            expectFailure(cause, message));
      } else {
        StreamTest.testStream(q, OutputMode.UPDATE).run(
            startStream(Trigger.processingTime("1 second"), clock),
            addData(m, in("a", 5000, "x")),
            advanceManualClock(1000),
            expectFailure(cause, message));
      }
    }
  }

  private static final String WRAPPED = "[FLATMAPGROUPSWITHSTATE_USER_FUNCTION_ERROR] An error occurred in the user"
      + " provided function in flatMapGroupsWithState. Reason: ";

  @Test
  void misusesFailTheQueryWithSparksMessages() {
    Class<? extends Throwable> sparks = GroupStateImpl.GroupStateUnsupportedException.class;
    failsWith((k, r, s) -> {
      s.setTimeoutDuration(1000);
      return Collections.emptyIterator();
    }, GroupStateTimeout.EVENT_TIME_TIMEOUT, true, sparks,
        "Cannot set timeout duration without enabling processing time timeout in [map|flatMap]GroupsWithState.");
    failsWith((k, r, s) -> {
      s.setTimeoutTimestamp(1000);
      return Collections.emptyIterator();
    }, GroupStateTimeout.PROCESSING_TIME_TIMEOUT, false, sparks,
        "Cannot set timeout timestamp without enabling event time timeout in [map|flatMapGroupsWithState.");
    failsWith((k, r, s) -> {
      s.getCurrentWatermarkMs();
      return Collections.emptyIterator();
    }, GroupStateTimeout.NO_TIMEOUT, false, sparks,
        "Cannot get event time watermark timestamp without setting watermark before [map|flatMap]GroupsWithState.");
    failsWith((k, r, s) -> {
      s.get();
      return Collections.emptyIterator();
    }, GroupStateTimeout.NO_TIMEOUT, false, GroupsWithStateFunctionException.class,
        WRAPPED + "State is either not defined or has already been removed");
    failsWith((k, r, s) -> {
      s.update(null);
      return Collections.emptyIterator();
    }, GroupStateTimeout.NO_TIMEOUT, false, GroupsWithStateFunctionException.class,
        WRAPPED + "'null' is not a valid state value");
    failsWith((k, r, s) -> {
      throw new IllegalStateException("boom " + k.getString(0));
    }, GroupStateTimeout.NO_TIMEOUT, false, GroupsWithStateFunctionException.class, WRAPPED + "boom a");
    failsWith((k, r, s) -> {
      if (s.getCurrentWatermarkMs() > 0) {
        s.setTimeoutTimestamp(s.getCurrentWatermarkMs() - 1);
      }
      return Collections.emptyIterator();
    }, GroupStateTimeout.EVENT_TIME_TIMEOUT, true, GroupsWithStateFunctionException.class,
        WRAPPED + "Timeout timestamp (3999) cannot be earlier than the current watermark (4000)");
    failsWith((k, r, s) -> {
      s.setTimeoutDuration(0);
      return Collections.emptyIterator();
    }, GroupStateTimeout.PROCESSING_TIME_TIMEOUT, false, GroupsWithStateFunctionException.class,
        WRAPPED + "Timeout duration must be positive");
  }

  @Test
  void theWrappedErrorKeepsTheFunctionsExceptionAsItsCause() {
    GroupsWithStateFunctionException e = new GroupsWithStateFunctionException("F", new NoSuchElementException("x"));
    assertThat(e.getCause()).isInstanceOf(NoSuchElementException.class);
    assertThat(e.getMessage()).startsWith(WRAPPED + "x").contains("F");
  }
}
