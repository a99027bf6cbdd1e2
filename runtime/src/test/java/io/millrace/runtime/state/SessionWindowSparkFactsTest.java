package io.millrace.runtime.state;

import static io.millrace.api.functions.avg;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.max;
import static io.millrace.api.functions.min;
import static io.millrace.api.functions.session_window;
import static io.millrace.api.functions.sum;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.checkLastBatch;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code session_window} against Spark 4.0.1 on hand-written batches. The facts come from a
 * probe program run on Spark 4.0.1 (spark-baseline's classpath, {@code local[1]}, 2 shuffle
 * partitions, UTC): each batch below written as a JSON file ({@code key STRING, ts TIMESTAMP,
 * amount DOUBLE}), read with {@code maxFilesPerTrigger 1} under {@code Trigger.AvailableNow}, the
 * query
 * <pre>
 * withWatermark("ts", "5 seconds").groupBy(col("key"), session_window(col("ts"), "10 seconds"))
 *     .agg(count(lit(1)).as("events"), sum("amount").as("total"))
 * </pre>
 * written with foreachBatch collecting each batch's rows, and each batch's progress printed.
 * Times are seconds after 2026-01-01T00:00:00Z. What the batches hold:
 * <ul>
 *   <li>batch 0: a@0 and a@5 (one session [0, 15)), a@30, b@2 and b@12 (exactly the gap apart:
 *       one session [2, 22), the merge being inclusive), and a row of null time (in no session);
 *   <li>batch 1 (watermark 25): b@13 extends [2, 22) to [2, 23), which the watermark has passed:
 *       emitted with [0, 15) (append); a@42 opens [42, 52);
 *   <li>batch 2 (watermark 37, late by 25): a@40 bridges [30, 40) and [42, 52) into [30, 52);
 *       b@15 is late (15 + 10 <= 25: dropped, counted); b@16 is not (26 > 25) and opens [16, 26),
 *       emitted at once in append mode (the watermark is 37), merged into [2, 26) in complete mode
 *       (which keeps every session); c@20 opens [20, 30), emitted at once; b@50 opens [50, 60);
 *   <li>batch 3 (watermark 45): b@55 extends [50, 60) to [50, 65); a@70 opens [70, 80);
 *   <li>append mode runs batch 4 without data as the watermark moved to 65: [30, 52) and [50, 65)
 *       (its end exactly the watermark) are emitted; [70, 80) stays. Complete mode runs no such batch.
 * </ul>
 * Spark's numRowsTotal (stored sessions) per batch: 3, 2, 2, 3, 1 in append, 3, 4, 5, 6 in
 * complete; numRowsDroppedByWatermark 1 in batch 2 in both modes, else 0. The same probe gave
 * Spark's messages for update mode, for a session window without another key, for append mode
 * without a watermark and for two windows in one groupBy, and the avg/min/max row of
 * {@link #otherAggregatesMergeOverSessions}.
 */
class SessionWindowSparkFactsTest {
  private static final Schema INPUT = Schema.parse("key STRING, ts TIMESTAMP, amount DOUBLE");
  private static final long BASE = 1_767_225_600L * 1_000_000L;

  @TempDir
  Path dir;

  private static Row in(String key, Integer second, double amount) {
    return Row.of(key, second == null ? null : BASE + second * 1_000_000L, amount);
  }

  private static Row session(String key, int start, int end, long events, double total) {
    return Row.of(key, Row.of(BASE + start * 1_000_000L, BASE + end * 1_000_000L), events, total);
  }

  private static final List<List<Row>> BATCHES = List.of(
      List.of(in("a", 0, 1.0), in("a", 5, 2.0), in("a", 30, 3.0), in("b", 2, 4.0), in("b", 12, 5.0),
          in("c", null, 6.0)),
      List.of(in("a", 42, 1.5), in("b", 13, 0.5)),
      List.of(in("a", 40, 2.5), in("b", 15, 1.0), in("b", 16, 0.25), in("c", 20, 1.0), in("b", 50, 1.0)),
      List.of(in("b", 55, 2.0), in("a", 70, 1.0)));

  private static Dataset sessions(Dataset in) {
    return in.withWatermark("ts", "5 seconds").groupBy(col("key"), session_window(col("ts"), "10 seconds"))
        .agg(count(lit(1)).as("events"), sum("amount").as("total"));
  }

  private static MillraceSession session(ManualClock clock, String store) {
    return MillraceSession.builder().clock(clock).config("millrace.shuffle.partitions", "2")
        .config("millrace.state.provider", store).build();
  }

  @ParameterizedTest(name = "{0}, restarted before batch 3: {1}")
  @CsvSource({"hdfs, false", "rocksdb, false", "hdfs, true", "rocksdb, true"})
  void appendEmitsEachSessionOnceTheWatermarkPassesItsEnd(String store, boolean restart) {
    ManualClock clock = new ManualClock();
    List<StreamingQueryProgress> progress = new ArrayList<>();
    try (MillraceSession s = session(clock, store); MemoryStream m = MemoryStream.create("sw-append", INPUT)) {
      List<StreamAction> actions = new ArrayList<>(List.of(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, BATCHES.get(0)), advanceManualClock(1000), checkNewAnswer(),
          addData(m, BATCHES.get(1)), advanceManualClock(1000),
          checkNewAnswer(session("a", 0, 15, 2, 3.0), session("b", 2, 23, 3, 9.5)),
          addData(m, BATCHES.get(2)), advanceManualClock(1000),
          checkNewAnswer(session("b", 16, 26, 1, 0.25), session("c", 20, 30, 1, 1.0)),
          addData(m, BATCHES.get(3))));
      if (restart) {
        // Stopped with batch 3's rows waiting, so the restarted query's first batch takes them; the
        // open sessions and their timers come back from the checkpoint.
        actions.addAll(List.of(execute("keep the progress", q -> progress.addAll(q.recentProgress())), stopStream(),
            startStream(Trigger.processingTime("1 second"), clock)));
      } else {
        actions.add(advanceManualClock(1000));
      }
      actions.addAll(List.of(checkNewAnswer(),
          advanceManualClock(1000),
          checkNewAnswer(session("a", 30, 52, 3, 7.0), session("b", 50, 65, 2, 3.0)),
          advanceManualClock(1000),
          checkNewAnswer(),
          execute("keep the progress", q -> progress.addAll(q.recentProgress()))));
      StreamTest.testStream(sessions(m.toDataset(s)), OutputMode.APPEND).run(actions.toArray(StreamAction[]::new));
    }
    Map<Long, StateOperatorProgress> byBatch = byBatch(progress);
    assertThat(byBatch.keySet()).as("four batches with data, one as the watermark moves").containsExactly(0L, 1L, 2L,
        3L, 4L);
    assertThat(byBatch.values()).extracting(StateOperatorProgress::operatorName)
        .containsOnly("sessionWindowStateStoreSaveExec");
    assertThat(byBatch.values()).extracting(StateOperatorProgress::numRowsTotal).as("sessions in the state")
        .containsExactly(3L, 2L, 2L, 3L, 1L);
    // One timer per key with open sessions, moved without lookups; a wrong word to the store would miscount them.
    assertThat(byBatch.values()).extracting(p -> p.customMetrics().get("numTimers")).as("timers in the state")
        .containsExactly(2L, 1L, 2L, 2L, 1L);
    assertThat(byBatch.values()).extracting(StateOperatorProgress::numRowsDroppedByWatermark)
        .containsExactly(0L, 0L, 1L, 0L, 0L);
    assertThat(byBatch.get(0L).customMetrics()).containsEntry("numRowsWithoutWindow", 1L);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void completeEmitsEverySessionEveryBatchAndEvictsNone(String store) {
    ManualClock clock = new ManualClock();
    List<StreamingQueryProgress> progress = new ArrayList<>();
    try (MillraceSession s = session(clock, store); MemoryStream m = MemoryStream.create("sw-complete", INPUT)) {
      StreamTest.testStream(sessions(m.toDataset(s)), OutputMode.COMPLETE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, BATCHES.get(0)), advanceManualClock(1000),
          checkLastBatch(session("a", 0, 15, 2, 3.0), session("a", 30, 40, 1, 3.0), session("b", 2, 22, 2, 9.0)),
          addData(m, BATCHES.get(1)), advanceManualClock(1000),
          checkLastBatch(session("a", 0, 15, 2, 3.0), session("a", 30, 40, 1, 3.0), session("a", 42, 52, 1, 1.5),
              session("b", 2, 23, 3, 9.5)),
          addData(m, BATCHES.get(2)), advanceManualClock(1000),
          checkLastBatch(session("a", 0, 15, 2, 3.0), session("a", 30, 52, 3, 7.0), session("b", 2, 26, 4, 9.75),
              session("b", 50, 60, 1, 1.0), session("c", 20, 30, 1, 1.0)),
          addData(m, BATCHES.get(3)), advanceManualClock(1000),
          checkLastBatch(session("a", 0, 15, 2, 3.0), session("a", 30, 52, 3, 7.0), session("a", 70, 80, 1, 1.0),
              session("b", 2, 26, 4, 9.75), session("b", 50, 65, 2, 3.0), session("c", 20, 30, 1, 1.0)),
          advanceManualClock(1000),
          checkNewAnswer(),
          execute("keep the progress", q -> progress.addAll(q.recentProgress())));
    }
    Map<Long, StateOperatorProgress> byBatch = byBatch(progress);
    assertThat(byBatch.keySet()).as("no batch without data: complete mode evicts nothing").containsExactly(0L, 1L, 2L,
        3L);
    assertThat(byBatch.values()).extracting(StateOperatorProgress::numRowsTotal).containsExactly(3L, 4L, 5L, 6L);
    assertThat(byBatch.values()).extracting(StateOperatorProgress::numRowsDroppedByWatermark)
        .containsExactly(0L, 0L, 1L, 0L);
  }

  /**
   * Other aggregates over sessions, each merged from the rows' partial values as sessions merge.
   * Spark's rows, from the probe's {@code .agg(avg("amount"), min("amount"), max("amount"),
   * max("ts"))} over the same batches in append mode (max(ts) printed as seconds after the base).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void otherAggregatesMergeOverSessions(String store) {
    ManualClock clock = new ManualClock();
    try (MillraceSession s = session(clock, store); MemoryStream m = MemoryStream.create("sw-aggs", INPUT)) {
      Dataset q = m.toDataset(s).withWatermark("ts", "5 seconds")
          .groupBy(col("key"), session_window(col("ts"), "10 seconds"))
          .agg(avg("amount").as("mean"), min("amount").as("least"), max("amount").as("most"), max("ts").as("last"));
      Function<Object[], Row> row = v -> Row.of(v[0], Row.of(BASE + (int) v[1] * 1_000_000L,
          BASE + (int) v[2] * 1_000_000L), v[3], v[4], v[5], BASE + (int) v[6] * 1_000_000L);
      StreamTest.testStream(q, OutputMode.APPEND).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, BATCHES.get(0)), advanceManualClock(1000), checkNewAnswer(),
          addData(m, BATCHES.get(1)), advanceManualClock(1000),
          checkNewAnswer(row.apply(new Object[] {"a", 0, 15, 1.5, 1.0, 2.0, 5}),
              row.apply(new Object[] {"b", 2, 23, 3.1666666666666665, 0.5, 5.0, 13})),
          addData(m, BATCHES.get(2)), stopStream(), startStream(Trigger.processingTime("1 second"), clock),
          checkNewAnswer(row.apply(new Object[] {"b", 16, 26, 0.25, 0.25, 0.25, 16}),
              row.apply(new Object[] {"c", 20, 30, 1.0, 1.0, 1.0, 20})),
          addData(m, BATCHES.get(3)), advanceManualClock(1000), checkNewAnswer(),
          advanceManualClock(1000),
          checkNewAnswer(row.apply(new Object[] {"a", 30, 52, 2.3333333333333335, 1.5, 3.0, 42}),
              row.apply(new Object[] {"b", 50, 65, 1.5, 1.0, 2.0, 55})));
    }
  }

  /** An operator after the sessions reads their window (the job file's select of start and end did not start). */
  @Test
  void aSelectAfterTheSessionsReadsTheirWindow() {
    ManualClock clock = new ManualClock();
    try (MillraceSession s = session(clock, "hdfs"); MemoryStream m = MemoryStream.create("sw-select", INPUT)) {
      Dataset q = sessions(m.toDataset(s)).selectExpr("key", "session_window.start AS sessionStart",
          "session_window.end AS sessionEnd");
      StreamTest.testStream(q, OutputMode.APPEND).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, BATCHES.get(0)), advanceManualClock(1000), checkNewAnswer(),
          addData(m, BATCHES.get(1)), advanceManualClock(1000),
          checkNewAnswer(Row.of("a", BASE, BASE + 15_000_000L), Row.of("b", BASE + 2_000_000L, BASE + 23_000_000L)));
    }
  }

  private static Map<Long, StateOperatorProgress> byBatch(List<StreamingQueryProgress> progress) {
    Map<Long, StateOperatorProgress> byBatch = new TreeMap<>();
    progress.forEach(p -> byBatch.put(p.batchId(), p.stateOperators().get(0)));
    return byBatch;
  }

  @Test
  void explainShowsTheSessionOperator() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create("sw-explain", INPUT)) {
      String plan = sessions(s.readStream().format("memory").option("name", "sw-explain").load()).explainString();
      assertThat(plan).contains("AggregateExec [operator 0] keys=[key], session=session_window(ts, 10000ms), output=[key,"
          + " session_window, events, total], eventTime=session_window");
    }
  }

  @Test
  void refusalsAreSparks() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create("sw-bad", INPUT)) {
      Dataset in = s.readStream().format("memory").option("name", "sw-bad").load();
      assertThatThrownBy(() -> start(sessions(in), "update", "u"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION]"
              + " Invalid streaming output mode: update. This output mode is not supported for session window"
              + " streaming aggregations on streaming DataFrames/DataSets.");
      assertThatThrownBy(() -> start(in.groupBy(col("key"), session_window(col("ts"), "10 seconds"))
          .agg(count(lit(1))), "append", "a"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION]"
              + " Invalid streaming output mode: append. This output mode is not supported for streaming aggregations"
              + " without watermark on streaming DataFrames/DataSets.");
      assertThatThrownBy(() -> start(in.withWatermark("ts", "5 seconds").groupBy(session_window(col("ts"),
          "10 seconds")).agg(count(lit(1))), "append", "g"))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("Global aggregation with session window in streaming query is not supported.");
      assertThatThrownBy(() -> start(in.withWatermark("ts", "5 seconds").groupBy(col("key"), session_window(
          col("ts"), "10 seconds"), session_window(col("ts"), "20 seconds")).agg(count(lit(1))), "append", "t"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("Multiple time/session window expressions would"
              + " result in a cartesian product of rows, therefore they are currently not supported.");
      assertThatThrownBy(() -> start(in.withWatermark("ts", "5 seconds").groupBy(col("key"), window(col("ts"),
          "10 seconds"), session_window(col("ts"), "20 seconds")).agg(count(lit(1))), "append", "w"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("Multiple time/session window expressions");
      assertThatThrownBy(() -> start(in.select(col("key"), session_window(col("ts"), "10 seconds")), "append", "s"))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("can only be a grouping key");
    }
  }

  private void start(Dataset q, String mode, String checkpoint) throws Exception {
    q.writeStream().format("memory").option("name", "o-" + checkpoint).outputMode(mode)
        .option("checkpointLocation", dir.resolve(checkpoint).toString()).start().stop();
  }
}
