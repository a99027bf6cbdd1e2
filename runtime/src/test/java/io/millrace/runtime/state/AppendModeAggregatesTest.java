package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.expr;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Column;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every aggregate of issue 16 in a windowed aggregation with a watermark in append mode, against
 * the rows Spark 4.0.1 emitted for the same streaming query (the oracle's StreamFacts: a
 * MemoryStream of {@code ts TIMESTAMP, v INT, name STRING, amount DECIMAL(10,2)}, one addData per
 * batch, {@code processAllAvailable()} after each, the batches' rows collected by foreachBatch):
 * <pre>
 * in.toDF().withWatermark("ts", "0 seconds").groupBy(window(col("ts"), "10 seconds")).agg(
 *     mean(v), count_if(v > 1), stddev(v), stddev_samp(v), stddev_pop(v), variance(v), var_samp(v),
 *     var_pop(v), first(v), last(v), first(v, true), last(v, true), max_by(name, v), min_by(name, v),
 *     collect_list(v), collect_set(v), sum(amount), avg(amount), approx_count_distinct(name),
 *     percentile_approx(v, 0.5), percentile_approx(amount, array(0.25, 0.75), 100))
 * </pre>
 * Spark emitted [00:00, 00:10) in the no-data batch after the second batch, [00:10, 00:20) in the
 * one after the third, whose row at 00:03 was late, and never the open [00:20, 00:30). A restart
 * between the second and third batches reads every aggregate's state back. collect_set's array
 * is compared as a set: Spark's order is its hash set's, which Millrace does not copy (it keeps
 * first arrival), so only the order of that one column is not Spark's.
 */
class AppendModeAggregatesTest {
  private static final Schema INPUT = Schema.parse("ts TIMESTAMP, v INT, name STRING, amount DECIMAL(10,2)");
  private static final String[] AGGREGATES = {"mean(v)", "count_if(v > 1)", "stddev(v)", "stddev_samp(v)",
      "stddev_pop(v)", "variance(v)", "var_samp(v)", "var_pop(v)", "first(v)", "last(v)", "first(v, true)",
      "last(v, true)", "max_by(name, v)", "min_by(name, v)", "collect_list(v)", "collect_set(v)", "sum(amount)",
      "avg(amount)", "approx_count_distinct(name)", "percentile_approx(v, 0.5)",
      "percentile_approx(amount, array(0.25, 0.75), 100)"};
  /** Where collect_set(v) is in an output row: after the window and the fifteen before it. */
  private static final int COLLECT_SET = 16;

  private static final long START = Instant.parse("2024-05-01T00:00:00Z").toEpochMilli() * 1000;

  private static Row in(int second, Integer v, String name, String amount) {
    return Row.of(START + second * 1_000_000L, v, name, amount == null ? null : new BigDecimal(amount));
  }

  private static Row windowAt(int second) {
    return Row.of(START + second * 1_000_000L, START + (second + 10) * 1_000_000L);
  }

  /** Spark's row for [00:00, 00:10): "[[2024-05-01 00:00:00.0,2024-05-01 00:00:10.0],4.666666666666667,3,..." */
  private static final Row FIRST_WINDOW = Row.of(windowAt(0), 4.666666666666667, 3L, 2.5166114784235836,
      2.5166114784235836, 2.0548046676563256, 6.333333333333334, 6.333333333333334, 4.222222222222222, null, 2, 5, 2,
      "x", "y", List.of(5, 7, 2), List.of(2, 5, 7), new BigDecimal("6.36"), new BigDecimal("1.590000"), 3L, 5,
      List.of(new BigDecimal("0.01"), new BigDecimal("2.25")));
  /** Spark's row for [00:10, 00:20). */
  private static final Row SECOND_WINDOW = Row.of(windowAt(10), -0.5, 1L, 4.949747468305833, 4.949747468305833, 3.5,
      24.5, 24.5, 12.25, 3, -4, 3, -4, "y", "q", List.of(3, -4), List.of(-4, 3), new BigDecimal("2.50"),
      new BigDecimal("1.250000"), 2L, -4, List.of(new BigDecimal("-1.50"), new BigDecimal("4.00")));

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void eachWindowIsEmittedOnceWithSparksValues(String provider) {
    try (MillraceSession s = MillraceSession.builder().config("millrace.state.provider", provider).build();
        MemoryStream stream = MemoryStream.create(INPUT)) {
      List<Column> aggregates = new ArrayList<>();
      for (int i = 0; i < AGGREGATES.length; i++) {
        aggregates.add(expr(AGGREGATES[i]).as("a" + i)); // Spark's names repeat first(v) and last(v)
      }
      Dataset q = stream.toDataset(s).withWatermark("ts", "0 seconds").groupBy(window(col("ts"), "10 seconds"))
          .agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(new Column[0]));
      testStream(q, OutputMode.APPEND).run(
          addData(stream, in(1, null, "x", "1.10"), in(2, 5, "y", "2.25"), in(5, 7, "x", null),
              in(7, null, "z", "0.01"), in(8, 2, "y", "3.00")),
          checkAnswer(),
          addData(stream, in(12, 3, "y", "4.00"), in(14, -4, "q", "-1.50")),
          checkAnswer(rows -> assertThat(setsSorted(rows)).containsExactlyInAnyOrderElementsOf(setsSorted(FIRST_WINDOW))),
          stopStream(),
          startStream(),
          addData(stream, in(3, 100, "late", "9.00"), in(25, 9, "w", "9.99")),
          checkAnswer(rows -> assertThat(setsSorted(rows))
              .containsExactlyInAnyOrderElementsOf(setsSorted(FIRST_WINDOW, SECOND_WINDOW))));
    }
  }

  /** The rows with their collect_set(v) arrays in ascending order. */
  private static List<Row> setsSorted(Row... rows) {
    return setsSorted(Arrays.asList(rows));
  }

  @SuppressWarnings("unchecked")
  private static List<Row> setsSorted(List<Row> rows) {
    List<Row> out = new ArrayList<>();
    for (Row r : rows) {
      Object[] values = new Object[r.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = r.get(i);
      }
      List<Integer> set = new ArrayList<>((List<Integer>) values[COLLECT_SET]);
      set.sort(null);
      values[COLLECT_SET] = set;
      out.add(Row.wrap(values));
    }
    return out;
  }
}
