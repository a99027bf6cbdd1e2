package io.millrace.runtime.state;

import io.millrace.spi.data.Row;
import java.time.Instant;
import java.util.List;

/**
 * The inputs of ChainedOperatorsTest's Spark 4.0.1 runs (schema {@code id LONG, key STRING,
 * ts TIMESTAMP}, one processAllAvailable per step), shared with the job-file test of the same
 * queries. Each test keeps the rows Spark gave in its own shape.
 */
public final class ChainedOperatorsFacts {
  private ChainedOperatorsFacts() {}

  /** For withWatermark("ts", "10 seconds").dropDuplicates("id", "ts").groupBy(window(ts, "10 seconds")).count(). */
  public static final List<List<Row>> DEDUP_STEPS = List.of(
      List.of(row(1, "a", "00:01"), row(2, "b", "00:03"), row(1, "a", "00:01"), row(3, "c", "00:12")),
      List.of(row(4, "a", "00:05"), row(2, "b", "00:03"), row(7, "c", "00:01"), row(6, "b", "00:25")),
      List.of(row(8, "a", "00:14"), row(9, "a", "00:18"), row(9, "a", "00:18"), row(10, "b", "00:40")),
      List.of(row(11, "c", "00:41"), row(12, "c", "00:55"), row(6, "b", "00:25")),
      List.of(row(13, "a", "01:10")));

  /** For withWatermark("ts", "10 seconds").groupBy(window(ts, "10 seconds"), key).count().groupBy("window").count(). */
  public static final List<List<Row>> COUNT_STEPS = List.of(
      List.of(row(1, "a", "00:01"), row(2, "b", "00:02"), row(3, "a", "00:05"), row(4, "c", "00:11"),
          row(5, "a", "00:13")),
      List.of(row(6, "b", "00:15"), row(7, "a", "00:21"), row(8, "b", "00:24"), row(9, "c", "00:02"),
          row(10, "a", "00:08"), row(5, "a", "00:13")),
      List.of(row(11, "a", "00:35"), row(12, "c", "00:12"), row(13, "b", "00:28"), row(14, "b", "00:19"),
          row(19, "c", "00:03")),
      List.of(row(15, "a", "00:50"), row(16, "b", "00:47"), row(17, "a", "00:41"), row(20, "b", "00:09")),
      List.of(row(18, "a", "01:10")));

  private static Row row(long id, String key, String mmss) {
    return Row.of(id, key, Instant.parse("2024-01-01T00:" + mmss + "Z").toEpochMilli() * 1000);
  }
}
