package io.millrace.runtime.state;

import static io.millrace.api.functions.expr;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkLastBatch;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.functions;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * approx_count_distinct and percentile_approx in update and complete mode, with a restart between
 * batches, against the rows Spark 4.0.1's streaming query gave for the same batches (the
 * oracle's StreamFacts: a MemoryStream, one addData per batch, processAllAvailable after each,
 * each batch's rows collected by foreachBatch):
 * <pre>
 * in.toDF().groupBy(col("k")).agg(expr("approx_count_distinct(name)"), expr("approx_count_distinct(v, 0.01)"),
 *     expr("percentile_approx(v, 0.5)"), expr("percentile_approx(v, array(0, 0.5, 1), 100)"))
 * </pre>
 * and, for the state merges of large summaries, a group of 120 000, then 80 000, then 30 000
 * values in complete mode (percentile_approx(v, array(..)), percentile_approx(v, 0.5, 1000),
 * approx_count_distinct(v)): each batch's summary is compressed on its own and merged into the
 * stored one, as Spark merges its restored state with the batch's partial.
 */
class ApproxAggregatesStreamingTest {
  private static final Schema KEYED = Schema.parse("k STRING, v INT, name STRING");

  /** A session with state in {@code provider}; "rocksdb, encoded exchange" hands partials over encoded, as bytes. */
  private static MillraceSession session(String provider) {
    return MillraceSession.builder().config("millrace.state.provider", provider.split(",")[0])
        .config("millrace.exchange.encoded", String.valueOf(provider.endsWith("encoded exchange"))).build();
  }

  private static Dataset keyed(MemoryStream in, MillraceSession s) {
    Dataset q = in.toDataset(s).groupBy("k").agg(expr("approx_count_distinct(name)"),
        expr("approx_count_distinct(v, 0.01)"), expr("percentile_approx(v, 0.5)"),
        expr("percentile_approx(v, array(0, 0.5, 1), 100)"));
    // Spark's output names: the relativeSD is not in the name, the default accuracy is.
    assertThat(q.schema().fields().stream().map(Field::name)).containsExactly("k", "approx_count_distinct(name)",
        "approx_count_distinct(v)", "percentile_approx(v, 0.5, 10000)", "percentile_approx(v, array(0, 0.5, 1), 100)");
    return q;
  }

  private static final Row[] FIRST = {Row.of("a", 1, "x"), Row.of("a", 5, "y"), Row.of("a", 3, "x"),
      Row.of("b", null, null), Row.of("a", null, "z")};
  private static final Row[] SECOND = {Row.of("a", 9, "y"), Row.of("c", -2, "w"), Row.of("a", 2, "v"),
      Row.of("c", -2, "w")};
  private static final Row[] THIRD = {Row.of("b", 4, "u")};

  /** Spark: batch 0 [a,3,3,3,ArraySeq(1, 3, 5)] ;; [b,0,0,null,null]; batch 1 [a,4,5,3,ArraySeq(1, 3, 9)] ;; [c,1,1,-2,..]; batch 2 [b,1,1,4,..]. */
  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void updateModeGivesSparksRowsForTheTouchedGroups(String provider) {
    try (MillraceSession s = session(provider); MemoryStream in = MemoryStream.create(KEYED)) {
      testStream(keyed(in, s), OutputMode.UPDATE).run(
          addData(in, FIRST),
          checkLastBatch(Row.of("a", 3L, 3L, 3, List.of(1, 3, 5)), Row.of("b", 0L, 0L, null, null)),
          stopStream(),
          startStream(),
          addData(in, SECOND),
          checkLastBatch(Row.of("a", 4L, 5L, 3, List.of(1, 3, 9)), Row.of("c", 1L, 1L, -2, List.of(-2, -2, -2))),
          addData(in, THIRD),
          checkLastBatch(Row.of("b", 1L, 1L, 4, List.of(4, 4, 4))));
    }
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void completeModeGivesSparksWholeResult(String provider) {
    try (MillraceSession s = session(provider); MemoryStream in = MemoryStream.create(KEYED)) {
      testStream(keyed(in, s), OutputMode.COMPLETE).run(
          addData(in, FIRST),
          checkAnswer(Row.of("a", 3L, 3L, 3, List.of(1, 3, 5)), Row.of("b", 0L, 0L, null, null)),
          addData(in, SECOND),
          checkAnswer(Row.of("a", 4L, 5L, 3, List.of(1, 3, 9)), Row.of("b", 0L, 0L, null, null),
              Row.of("c", 1L, 1L, -2, List.of(-2, -2, -2))),
          stopStream(),
          startStream(),
          addData(in, THIRD),
          checkAnswer(Row.of("a", 4L, 5L, 3, List.of(1, 3, 9)), Row.of("b", 1L, 1L, 4, List.of(4, 4, 4)),
              Row.of("c", 1L, 1L, -2, List.of(-2, -2, -2))));
    }
  }

  /** The Java API's functions, as Spark's Java API has them, build the same aggregates as the SQL text above. */
  @Test
  void javaApiFunctionsGiveTheSameRows() {
    try (MillraceSession s = session("hdfs"); MemoryStream in = MemoryStream.create(KEYED)) {
      Dataset q = in.toDataset(s).groupBy("k").agg(functions.approx_count_distinct("name"),
          functions.approx_count_distinct(functions.col("v"), 0.01),
          functions.percentile_approx(functions.col("v"), functions.lit(0.5), functions.lit(10000)),
          functions.approx_percentile(functions.col("v"),
              functions.array(functions.lit(0), functions.lit(0.5), functions.lit(1)), functions.lit(100)));
      assertThat(q.schema().fields().stream().map(Field::name).limit(4)).containsExactly("k",
          "approx_count_distinct(name)", "approx_count_distinct(v)", "percentile_approx(v, 0.5, 10000)");
      testStream(q, OutputMode.COMPLETE).run(
          addData(in, FIRST),
          checkAnswer(Row.of("a", 3L, 3L, 3, List.of(1, 3, 5)), Row.of("b", 0L, 0L, null, null)));
    }
  }

  /**
   * The registers' size follows the relativeSD, which the state's schema does not show: a restart
   * with another relativeSD fails the batch that reads a stored group, naming the cause, and
   * commits nothing.
   */
  @Test
  void aRestartWithAnotherRelativeSDFailsNamingIt(@TempDir Path dir) throws Exception {
    String checkpoint = dir.resolve("ckpt").toString();
    try (MillraceSession s = session("hdfs"); MemoryStream in = MemoryStream.create(KEYED)) {
      in.addData(FIRST);
      StreamingQuery first = s.readStream().format("memory").option("name", in.name()).load().groupBy("k")
          .agg(expr("approx_count_distinct(name)")).writeStream().format("console").outputMode("update")
          .option("checkpointLocation", checkpoint).start();
      first.processAllAvailable();
      first.stop();
      in.addData(SECOND);
      StreamingQuery second = s.readStream().format("memory").option("name", in.name()).load().groupBy("k")
          .agg(expr("approx_count_distinct(name, 0.01)")).writeStream().format("console").outputMode("update")
          .option("checkpointLocation", checkpoint).start();
      assertThatThrownBy(second::processAllAvailable).hasStackTraceContaining(
          "was the relativeSD changed since the checkpoint was written?");
      second.stop();
    }
  }

  /**
   * Spark: batch 0 [all,ArraySeq(0, 106, 988, 9991, 24998, 49996, 74997, 89996, 99000, 99898, 100002),49971,94954];
   * batch 1 [all,ArraySeq(0, 163, 1657, 16659, 41662, 66523, 87175, 99570, 113901, 115358, 115536),66482,109482];
   * batch 2 [all,ArraySeq(0, 5, 56, 574, 22914, 60323, 84077, 98334, 113644, 115333, 115536),60292,109482].
   */
  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb", "rocksdb, encoded exchange"})
  void largeSummariesMergedAcrossBatchesGiveSparksAnswers(String provider) {
    try (MillraceSession s = session(provider); MemoryStream in = MemoryStream.create(Schema.parse("k STRING, v INT"))) {
      Dataset q = in.toDataset(s).groupBy("k").agg(
          expr("percentile_approx(v, array(0, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 1))"),
          expr("percentile_approx(v, 0.5, 1000)"), functions.approx_count_distinct(functions.col("v")));
      List<Row> first = new ArrayList<>();
      for (int i = 0; i < 120_000; i++) {
        first.add(Row.of("all", (int) ((i * 7919L) % 100_003)));
      }
      List<Row> second = new ArrayList<>();
      for (int i = 0; i < 80_000; i++) {
        second.add(Row.of("all", (int) ((i * 104_729L) % 65_537) + 50_000));
      }
      List<Row> third = new ArrayList<>();
      for (int i = 0; i < 30_000; i++) {
        third.add(Row.of("all", i % 777));
      }
      testStream(q, OutputMode.COMPLETE).run(
          addData(in, first),
          checkAnswer(Row.of("all", List.of(0, 106, 988, 9991, 24998, 49996, 74997, 89996, 99000, 99898, 100002), 49971,
              94954L)),
          stopStream(),
          startStream(),
          addData(in, second),
          checkAnswer(Row.of("all", List.of(0, 163, 1657, 16659, 41662, 66523, 87175, 99570, 113901, 115358, 115536),
              66482, 109482L)),
          addData(in, third),
          checkAnswer(Row.of("all", List.of(0, 5, 56, 574, 22914, 60323, 84077, 98334, 113644, 115333, 115536), 60292,
              109482L)));
    }
  }
}
