package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several stateful operators in one query, against Spark 4.0.1's rows and figures for the same
 * input (spark.sql.shuffle.partitions=2, UTC; one processAllAvailable per step, so Spark ran the
 * no-data batch after each step as this engine does).
 */
class ChainedOperatorsTest {
  /** Whether exchanges hand rows over encoded; a subclass runs every test that way. */
  boolean encodedExchange() {
    return false;
  }

  /** The state store these tests run on; a subclass runs them all on another. */
  String provider() {
    return "hdfs";
  }

  /** The query over the steps' rows, one processAllAvailable per step; each batch's sink rows, as Spark printed them. */
  private List<StreamingQueryProgress> run(UnaryOperator<Dataset> query, String mode, List<List<Row>> steps,
      List<String> perStep) {
    List<StreamingQueryProgress> progress = new ArrayList<>();
    try (MillraceSession s = MillraceSession.builder().config("millrace.state.provider", provider())
        .config("millrace.exchange.encoded", String.valueOf(encodedExchange()))
            .config("millrace.shuffle.partitions", "2").build();
        MemoryStream stream = MemoryStream.create(Schema.parse("id LONG, key STRING, ts TIMESTAMP"))) {
      List<StreamAction> actions = new ArrayList<>();
      for (List<Row> step : steps) {
        actions.add(addData(stream, step));
        actions.add(checkAnswer(rows -> perStep.add(windows(rows))));
      }
      actions.add(execute("keep the progress", q -> progress.addAll(q.recentProgress())));
      testStream(query.apply(stream.toDataset(s)), OutputMode.valueOf(mode.toUpperCase(Locale.ROOT)))
          .run(actions.toArray(StreamAction[]::new));
    }
    return progress;
  }

  /** The sink's rows as Spark prints windowed counts, sorted: {@code ([00:00:00, 00:00:10], 3)}. */
  private static String windows(List<Row> rows) {
    return rows.stream().map(r -> "([" + mmss(r.getStruct(0).getLong(0)) + ", " + mmss(r.getStruct(0).getLong(1))
        + "], " + r.getLong(r.size() - 1) + ")").sorted().collect(Collectors.joining(", ", "[", "]"));
  }

  private static String mmss(long micros) {
    return Instant.ofEpochMilli(micros / 1000).toString().substring(11, 19);
  }

  // Spark 4.0.1: ms.toDF().withWatermark("ts", "10 seconds").dropDuplicates("id", "ts")
  //   .groupBy(window(col("ts"), "10 seconds")).count()
  private static final List<List<Row>> DEDUP_STEPS = ChainedOperatorsFacts.DEDUP_STEPS;

  private static Dataset dedupThenWindowCount(Dataset in) {
    return in.withWatermark("ts", "10 seconds").dropDuplicates("id", "ts").groupBy(window(col("ts"), "10 seconds"))
        .count();
  }

  @Test
  void dropDuplicatesThenAWindowedCountInAppendMode() {
    List<String> sink = new ArrayList<>();
    List<StreamingQueryProgress> progress = run(ChainedOperatorsTest::dedupThenWindowCount, "append", DEDUP_STEPS, sink);
    // Spark's sink after each step (append: the rows so far).
    assertThat(sink).containsExactly(
        "[]",
        "[([00:00:00, 00:00:10], 3)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1), ([00:00:40, 00:00:50], 2), "
            + "([00:00:50, 00:01:00], 1)]");
    // Spark's batches: 0..9, a no-data batch after each step; operator 0 the aggregation, 1 the deduplication.
    assertThat(progress).extracting(StreamingQueryProgress::batchId).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    assertThat(progress.get(0).stateOperators()).extracting(StateOperatorProgress::operatorName)
        .containsExactly("stateStoreSave", "dedupe");
    // batch 2: the copy of (2, b, 00:03) is a duplicate, (7, c, 00:01) is late by the previous batch's watermark 2 s.
    assertThat(figures(progress.get(2))).isEqualTo("stateStoreSave 3/2/0/0, dedupe 4/2/1/0");
    // batch 3 (no data, watermark 15 s): window [0, 10) is emitted and removed, three keys forgotten.
    assertThat(figures(progress.get(3))).isEqualTo("stateStoreSave 2/0/0/1, dedupe 1/0/0/3");
    assertThat(figures(progress.get(9))).isEqualTo("stateStoreSave 1/0/0/2, dedupe 1/0/0/1");
  }

  @Test
  void dropDuplicatesThenAWindowedCountInUpdateMode() {
    List<String> sink = new ArrayList<>();
    List<StreamingQueryProgress> progress = run(ChainedOperatorsTest::dedupThenWindowCount, "update", DEDUP_STEPS, sink);
    assertThat(sink).containsExactly(
        "[([00:00:00, 00:00:10], 2), ([00:00:10, 00:00:20], 1)]",
        "[([00:00:00, 00:00:10], 2), ([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:20, 00:00:30], 1)]",
        "[([00:00:00, 00:00:10], 2), ([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:10, 00:00:20], 2), "
            + "([00:00:20, 00:00:30], 1), ([00:00:40, 00:00:50], 1)]",
        "[([00:00:00, 00:00:10], 2), ([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:10, 00:00:20], 2), "
            + "([00:00:20, 00:00:30], 1), ([00:00:40, 00:00:50], 1), ([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1)]",
        "[([00:00:00, 00:00:10], 2), ([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:10, 00:00:20], 2), "
            + "([00:00:20, 00:00:30], 1), ([00:00:40, 00:00:50], 1), ([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1), "
            + "([00:01:10, 00:01:20], 1)]");
    assertThat(progress).hasSize(10);
    assertThat(figures(progress.get(2))).isEqualTo("stateStoreSave 3/2/0/0, dedupe 4/2/1/0");
  }

  @Test
  void dropDuplicatesThenAWindowedCountInCompleteModeRunsTheDeduplicationsNoDataBatches() {
    List<String> sink = new ArrayList<>();
    List<StreamingQueryProgress> progress = run(ChainedOperatorsTest::dedupThenWindowCount, "complete", DEDUP_STEPS,
        sink);
    // Spark runs the no-data batches here too (the deduplication forgets keys by the watermark),
    // re-emitting the whole table each time; the memory sink keeps the last one.
    assertThat(progress).hasSize(10);
    assertThat(sink.get(1)).isEqualTo("[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:20, 00:00:30], 1)]");
    assertThat(figures(progress.get(3))).isEqualTo("stateStoreSave 3/0/0/0, dedupe 1/0/0/3");
  }

  // Spark 4.0.1: ms.toDF().withWatermark("ts", "10 seconds").groupBy(window(col("ts"), "10 seconds"), col("key"))
  //   .count().groupBy(col("window")).count()
  private static final List<List<Row>> COUNT_STEPS = ChainedOperatorsFacts.COUNT_STEPS;

  private static Dataset countPerWindowOfAWindowedCount(Dataset in) {
    return in.withWatermark("ts", "10 seconds").groupBy(window(col("ts"), "10 seconds"), col("key")).count()
        .groupBy("window").count();
  }

  @Test
  void aCountPerWindowOfAWindowedCountInAppendMode() {
    List<String> sink = new ArrayList<>();
    List<StreamingQueryProgress> progress = run(ChainedOperatorsTest::countPerWindowOfAWindowedCount, "append",
        COUNT_STEPS, sink);
    assertThat(sink).containsExactly(
        "[]",
        "[([00:00:00, 00:00:10], 3)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 3)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 3), ([00:00:20, 00:00:30], 2), ([00:00:30, 00:00:40], 1)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 3), ([00:00:20, 00:00:30], 2), ([00:00:30, 00:00:40], 1), "
            + "([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1)]");
    assertThat(progress).hasSize(10);
    // batch 3 (no data, watermark 14 s): the first aggregation emits window [0, 10)'s three groups;
    // the second takes them (late only by the previous batch's watermark, 3 s), emits and removes its group.
    assertThat(figures(progress.get(3))).isEqualTo("stateStoreSave 0/1/0/1, stateStoreSave 5/0/0/3");
    // batch 4: (19, c, 00:03) is late for the first aggregation.
    assertThat(figures(progress.get(4))).isEqualTo("stateStoreSave 0/0/0/0, stateStoreSave 6/4/1/0");
    assertThat(figures(progress.get(9))).isEqualTo("stateStoreSave 0/2/0/2, stateStoreSave 1/0/0/3");
  }

  @ParameterizedTest
  @ValueSource(strings = {"update", "complete"})
  void twoAggregationsAreRefusedOutsideAppendMode(String mode) {
    // Spark 4.0.1 refuses both at start: the first aggregation can emit rows that are late for the second.
    // The harness fails the test at its startStream step, with the refusal as the cause.
    assertThatThrownBy(() -> run(ChainedOperatorsTest::countPerWindowOfAWindowedCount, mode, List.of(), new ArrayList<>()))
        .cause().isInstanceOf(AnalysisException.class)
        .hasMessageContaining("output mode " + mode + " cannot run stateStoreSave [operator 0] after the aggregation "
            + "stateStoreSave [operator 1]");
  }

  // Spark 4.0.1's acceptance of an aggregation then a deduplication (FACTS section 5, c1 and c3):
  // dropDuplicates(window, key) runs in append mode only; dropDuplicates(key) in every mode.
  @ParameterizedTest
  @ValueSource(strings = {"update", "complete"})
  void aDeduplicationKeyedOnTheWindowAfterAnAggregationIsRefusedOutsideAppendMode(String mode) {
    assertThatThrownBy(() -> run(in -> in.withWatermark("ts", "10 seconds")
        .groupBy(window(col("ts"), "10 seconds"), col("key")).count().dropDuplicates("window", "key"), mode, List.of(),
        new ArrayList<>()))
        .cause().isInstanceOf(AnalysisException.class)
        .hasMessageContaining("cannot run dedupe [operator 0] after the aggregation stateStoreSave [operator 1]");
  }

  @ParameterizedTest
  @ValueSource(strings = {"append", "update", "complete"})
  void aDeduplicationOfAKeyWithoutTimeAfterAnAggregationRuns(String mode) {
    List<StreamingQueryProgress> progress = run(in -> in.withWatermark("ts", "10 seconds")
        .groupBy(window(col("ts"), "10 seconds"), col("key")).count().dropDuplicates("key"), mode,
        List.of(DEDUP_STEPS.get(0)), new ArrayList<>());
    assertThat(progress).isNotEmpty();
    assertThat(progress.get(0).stateOperators()).extracting(StateOperatorProgress::operatorName)
        .containsExactly("dedupe", "stateStoreSave");
  }

  /** Operator name and numRowsTotal/numRowsUpdated/numRowsDroppedByWatermark/numRowsRemoved, by operator id. */
  private static String figures(StreamingQueryProgress p) {
    return p.stateOperators().stream().map(o -> o.operatorName() + " " + o.numRowsTotal() + "/" + o.numRowsUpdated()
        + "/" + o.numRowsDroppedByWatermark() + "/" + o.numRowsRemoved()).collect(Collectors.joining(", "));
  }
}
