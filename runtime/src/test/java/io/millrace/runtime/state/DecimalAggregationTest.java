package io.millrace.runtime.state;

import static io.millrace.api.functions.avg;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.max;
import static io.millrace.api.functions.min;
import static io.millrace.api.functions.sum;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkLastBatch;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * sum, avg, min, max and count over DECIMAL and DATE columns, with a restart between batches (the
 * decimal sums live in state), against Spark 4.0.1's rows for the same input:
 * <pre>
 * SELECT k, sum(amount), avg(amount), min(amount), max(amount), min(d), max(d), count(amount)
 * FROM VALUES (..) AS t(k, amount DECIMAL(10,2), d DATE) GROUP BY k
 * </pre>
 * over the first batch's rows, then over both batches' (complete mode's result after each
 * batch; update mode's rows are the groups each batch touched). Types: sum DECIMAL(20,2), avg
 * DECIMAL(14,6), as Spark's.
 */
class DecimalAggregationTest {
  private static final Schema INPUT = Schema.parse("k STRING, amount DECIMAL(10,2), d DATE, ts TIMESTAMP");

  private static Row in(String k, String amount, String day, int second) {
    return Row.of(k, amount == null ? null : new BigDecimal(amount),
        day == null ? null : (int) LocalDate.parse(day).toEpochDay(),
        Instant.parse("2024-05-01T00:00:00Z").plusSeconds(second).toEpochMilli() * 1000);
  }

  private static Row out(String k, String sum, String avg, String min, String max, String minDay, String maxDay,
      long count) {
    return Row.of(k, dec(sum), dec(avg), dec(min), dec(max), day(minDay), day(maxDay), count);
  }

  /** The window [start, start + 10 s) from 2024-05-01T00:00:00Z plus {@code second}. */
  private static Row windowAt(int second) {
    long start = Instant.parse("2024-05-01T00:00:00Z").plusSeconds(second).toEpochMilli() * 1000;
    return Row.of(start, start + 10_000_000L);
  }

  private static BigDecimal dec(String v) {
    return v == null ? null : new BigDecimal(v);
  }

  private static Integer day(String v) {
    return v == null ? null : (int) LocalDate.parse(v).toEpochDay();
  }

  private static Dataset perKey(MemoryStream stream, MillraceSession s) {
    return stream.toDataset(s).groupBy(col("k")).agg(sum(col("amount")), avg(col("amount")), min(col("amount")),
        max(col("amount")), min(col("d")), max(col("d")), count(col("amount")));
  }

  private static final Row[] FIRST = {in("a", "1.10", "2024-05-01", 1), in("a", "2.25", "2024-04-01", 5),
      in("b", null, null, 7)};
  private static final Row[] SECOND = {in("a", "0.01", "2024-06-01", 12), in("b", "-3.33", "1969-12-31", 31),
      in("c", "99999999.99", "2024-01-01", 40)};

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void completeModeGivesSparksTableAfterEachBatchAcrossARestart(String provider) {
    try (MillraceSession s = MillraceSession.builder().config("millrace.state.provider", provider).build();
        MemoryStream stream = MemoryStream.create(INPUT)) {
      Dataset q = perKey(stream, s);
      assertThat(q.schema().field(1).type()).isEqualTo(DataType.decimal(20, 2));
      assertThat(q.schema().field(2).type()).isEqualTo(DataType.decimal(14, 6));
      testStream(q, OutputMode.COMPLETE).run(
          addData(stream, FIRST),
          checkAnswer(out("a", "3.35", "1.675000", "1.10", "2.25", "2024-04-01", "2024-05-01", 2),
              out("b", null, null, null, null, null, null, 0)),
          stopStream(),
          startStream(),
          addData(stream, SECOND),
          checkAnswer(out("a", "3.36", "1.120000", "0.01", "2.25", "2024-04-01", "2024-06-01", 3),
              out("b", "-3.33", "-3.330000", "-3.33", "-3.33", "1969-12-31", "1969-12-31", 1),
              out("c", "99999999.99", "99999999.990000", "99999999.99", "99999999.99", "2024-01-01", "2024-01-01", 1)));
    }
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void updateModeGivesTheGroupsEachBatchTouched(String provider) {
    try (MillraceSession s = MillraceSession.builder().config("millrace.state.provider", provider).build();
        MemoryStream stream = MemoryStream.create(INPUT)) {
      testStream(perKey(stream, s), OutputMode.UPDATE).run(
          addData(stream, FIRST),
          checkLastBatch(out("a", "3.35", "1.675000", "1.10", "2.25", "2024-04-01", "2024-05-01", 2),
              out("b", null, null, null, null, null, null, 0)),
          stopStream(),
          startStream(),
          addData(stream, SECOND),
          checkLastBatch(out("a", "3.36", "1.120000", "0.01", "2.25", "2024-04-01", "2024-06-01", 3),
              out("b", "-3.33", "-3.330000", "-3.33", "-3.33", "1969-12-31", "1969-12-31", 1),
              out("c", "99999999.99", "99999999.990000", "99999999.99", "99999999.99", "2024-01-01", "2024-01-01", 1)));
    }
  }

  /**
   * Append mode, a 10-second window and a watermark of no delay: a window is emitted once the
   * watermark passes its end. Spark's windows over all four rows:
   * [00:00, 00:10) 3.35, 1.675000, 2024-04-01, 2024-05-01; [00:10, 00:20) 0.01, 0.010000,
   * 2024-06-01, 2024-06-01; [00:30, 00:40) -3.33, -3.330000, 1969-12-31, 1969-12-31 (still open).
   */
  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void appendModeEmitsEachWindowOnceTheWatermarkPassesIt(String provider) {
    try (MillraceSession s = MillraceSession.builder().config("millrace.state.provider", provider).build();
        MemoryStream stream = MemoryStream.create(INPUT)) {
      Dataset windows = stream.toDataset(s).withWatermark("ts", "0 seconds")
          .groupBy(window(col("ts"), "10 seconds")).agg(sum(col("amount")), avg(col("amount")), min(col("d")),
              max(col("d")));
      testStream(windows, OutputMode.APPEND).run(
          addData(stream, in("a", "1.10", "2024-05-01", 1), in("a", "2.25", "2024-04-01", 5)),
          checkAnswer(),
          addData(stream, in("a", "0.01", "2024-06-01", 12)),
          checkAnswer(Row.of(windowAt(0), dec("3.35"), dec("1.675000"), day("2024-04-01"), day("2024-05-01"))),
          stopStream(),
          startStream(),
          addData(stream, in("b", "-3.33", "1969-12-31", 31)),
          checkAnswer(Row.of(windowAt(0), dec("3.35"), dec("1.675000"), day("2024-04-01"), day("2024-05-01")),
              Row.of(windowAt(10), dec("0.01"), dec("0.010000"), day("2024-06-01"), day("2024-06-01"))));
    }
  }
}
