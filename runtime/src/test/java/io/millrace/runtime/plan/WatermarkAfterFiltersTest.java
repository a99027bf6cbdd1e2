package io.millrace.runtime.plan;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamTest.testStream;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Which rows advance a watermark when operators follow {@code withWatermark}: Spark's optimizer
 * pushes a filter that does not read the event-time column below the watermark, so the rows it
 * drops do not advance it; a filter on the event time, and generators' outer forms, stay above.
 * Facts from Spark 4.0.1, each query {@code s.toDF().withWatermark("ts", "10 seconds")} then the
 * case's operators then {@code .groupBy(window(col("ts"), "10 seconds")).count()} in append mode,
 * over the steps (seconds after 2024-01-01T00:00:00Z) (1, a), (25, skip) | (5, b) | (31, c) | (2, d):
 * <pre>
 * .where("k <> 'skip'")                                   => after step 3: [0,10) 2; one row dropped late (step 4)
 * .select(upper(col("k")).as("k"), col("ts")).where("k <> 'SKIP'")   => the same
 * .where("ts < TIMESTAMP '2024-01-01 00:00:20'")          => after step 1: [0,10) 1; two rows dropped late (steps 2, 4)
 * .select(col("ts"), explode_outer(when(col("k").notEqual("skip"), array(col("k")))).as("k"))  => as the line above
 * .selectExpr("ts", "json_tuple(k, 'a') AS k")            => as the line above
 * </pre>
 */
class WatermarkAfterFiltersTest {
  private static final Schema INPUT = Schema.parse("ts TIMESTAMP, k STRING");
  private static final Instant BASE = Instant.parse("2024-01-01T00:00:00Z");

  private static Row in(int second, String k) {
    return Row.of(BASE.plusSeconds(second).toEpochMilli() * 1000, k);
  }

  private static Row window0(long count) {
    long start = BASE.toEpochMilli() * 1000;
    return Row.of(Row.of(start, start + 10_000_000L), count);
  }

  private static void run(UnaryOperator<Dataset> operators, boolean skipAdvancesTheWatermark) {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream stream = MemoryStream.create(INPUT)) {
      Dataset q = operators.apply(stream.toDataset(s).withWatermark("ts", "10 seconds"))
          .groupBy(window(col("ts"), "10 seconds")).count();
      if (skipAdvancesTheWatermark) {
        testStream(q, OutputMode.APPEND).run(
            addData(stream, in(1, "a"), in(25, "skip")),
            checkAnswer(window0(1)),
            addData(stream, in(5, "b")),
            addData(stream, in(31, "c")),
            addData(stream, in(2, "d")),
            checkAnswer(window0(1)),
            assertOnQuery(q2 -> dropped(q2) == 2, "the rows at 5 s and 2 s are dropped late"));
      } else {
        testStream(q, OutputMode.APPEND).run(
            addData(stream, in(1, "a"), in(25, "skip")),
            checkAnswer(),
            addData(stream, in(5, "b")),
            checkAnswer(),
            addData(stream, in(31, "c")),
            checkAnswer(window0(2)),
            addData(stream, in(2, "d")),
            checkAnswer(window0(2)),
            assertOnQuery(q2 -> dropped(q2) == 1, "the row at 2 s is dropped late"));
      }
    }
  }

  private static long dropped(io.millrace.api.StreamingQuery q) {
    return q.recentProgress().stream().mapToLong(p -> p.stateOperators().get(0).numRowsDroppedByWatermark()).sum();
  }

  @Test
  void rowsAFilterDropsDoNotAdvanceTheWatermark() {
    run(d -> d.where("k <> 'skip'"), false);
  }

  @Test
  void aFilterAfterAProjectionIsPushedThroughIt() {
    run(d -> d.select(io.millrace.api.functions.upper(col("k")).as("k"), col("ts")).where("k <> 'SKIP'"), false);
  }

  @Test
  void rowsAFilterOnTheEventTimeDropsAdvanceIt() {
    run(d -> d.where("ts < TIMESTAMP '2024-01-01 00:00:20'"), true);
  }

  @Test
  void aFilterOnTheEventTimeRunsAfterTheObservationAndOthersBefore() {
    // Spark combines the two filters and pushes only the second one below the watermark
    run(d -> d.where("ts < TIMESTAMP '2024-01-01 00:00:40'").where("k <> 'skip'"), false);
  }

  @Test
  void outerGeneratorsAndJsonTupleKeepEveryRow() {
    run(d -> d.selectExpr("ts", "explode_outer(CASE WHEN k <> 'skip' THEN array(k) END) AS k"), true);
    run(d -> d.selectExpr("ts", "json_tuple(k, 'a') AS k"), true);
  }
}
