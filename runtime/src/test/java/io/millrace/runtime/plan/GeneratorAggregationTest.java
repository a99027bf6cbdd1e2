package io.millrace.runtime.plan;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.explode;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.stopStream;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamTest.testStream;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A generator under a stateful operator: the rows explode makes are what the window count sees,
 * late by the watermark of the rows they came from. Facts from Spark 4.0.1 on the same steps:
 * <pre>
 * s.toDF().withWatermark("ts", "10 seconds").select(col("ts"), explode(col("tags")).as("tag"))
 *     .groupBy(window(col("ts"), "10 seconds"), col("tag")).count()
 * steps (ts as seconds after 2024-01-01T00:00:00Z):
 *   (1, [a, b]), (3, [a]), (12, [b, c]) | (5, [a]), (25, []) | (40, [c, c]) | (8, [a]), (41, [a])
 * </pre>
 * Append: nothing until the watermark passes 20 s (after step 3): [0,10) a 3, [0,10) b 1, [10,20) b 1,
 * [10,20) c 1; step 4's row at 8 s is dropped late (numRowsDroppedByWatermark = 1).
 * Update: step 1 a 2, b 1, b 1, c 1; step 2 [0,10) a 3; step 3 [40,50) c 2; step 4 [40,50) a 1.
 * Complete: after step 4 [0,10) a 4 (complete mode keeps every window, and counts the late row),
 * [0,10) b 1, [10,20) b 1, [10,20) c 1, [40,50) a 1, [40,50) c 2.
 */
class GeneratorAggregationTest {
  private static final Schema INPUT = Schema.parse("ts TIMESTAMP, tags ARRAY<STRING>");
  private static final Instant BASE = Instant.parse("2024-01-01T00:00:00Z");

  private static Row in(int second, String... tags) {
    return Row.of(BASE.plusSeconds(second).toEpochMilli() * 1000, List.of(tags));
  }

  private static Row out(int windowStart, String tag, long count) {
    long start = BASE.plusSeconds(windowStart).toEpochMilli() * 1000;
    return Row.of(Row.of(start, start + 10_000_000L), tag, count);
  }

  private static Dataset query(MemoryStream stream, MillraceSession session) {
    return stream.toDataset(session).withWatermark("ts", "10 seconds")
        .select(col("ts"), explode(col("tags")).as("tag"))
        .groupBy(window(col("ts"), "10 seconds"), col("tag")).count();
  }

  private static MillraceSession session(String provider) {
    return MillraceSession.builder().config("millrace.state.provider", provider).build();
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void appendMode(String provider) {
    try (MillraceSession s = session(provider); MemoryStream stream = MemoryStream.create(INPUT)) {
      testStream(query(stream, s), OutputMode.APPEND).run(
          addData(stream, in(1, "a", "b"), in(3, "a"), in(12, "b", "c")),
          checkAnswer(),
          addData(stream, in(5, "a"), in(25)),
          checkAnswer(),
          stopStream(),
          startStream(),
          addData(stream, in(40, "c", "c")),
          checkAnswer(out(0, "a", 3), out(0, "b", 1), out(10, "b", 1), out(10, "c", 1)),
          addData(stream, in(8, "a"), in(41, "a")),
          checkAnswer(out(0, "a", 3), out(0, "b", 1), out(10, "b", 1), out(10, "c", 1)),
          assertOnQuery(q -> q.recentProgress().stream()
              .mapToLong(p -> p.stateOperators().get(0).numRowsDroppedByWatermark()).sum() == 1,
              "the exploded row at 8 s is dropped late, as in Spark"));
    }
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void updateMode(String provider) {
    try (MillraceSession s = session(provider); MemoryStream stream = MemoryStream.create(INPUT)) {
      testStream(query(stream, s), OutputMode.UPDATE).run(
          addData(stream, in(1, "a", "b"), in(3, "a"), in(12, "b", "c")),
          checkNewAnswer(out(0, "a", 2), out(0, "b", 1), out(10, "b", 1), out(10, "c", 1)),
          addData(stream, in(5, "a"), in(25)),
          checkNewAnswer(out(0, "a", 3)),
          addData(stream, in(40, "c", "c")),
          checkNewAnswer(out(40, "c", 2)),
          addData(stream, in(8, "a"), in(41, "a")),
          checkNewAnswer(out(40, "a", 1)));
    }
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void completeMode(String provider) {
    try (MillraceSession s = session(provider); MemoryStream stream = MemoryStream.create(INPUT)) {
      testStream(query(stream, s), OutputMode.COMPLETE).run(
          addData(stream, in(1, "a", "b"), in(3, "a"), in(12, "b", "c")),
          checkAnswer(out(0, "a", 2), out(0, "b", 1), out(10, "b", 1), out(10, "c", 1)),
          addData(stream, in(5, "a"), in(25)),
          addData(stream, in(40, "c", "c")),
          checkAnswer(out(0, "a", 3), out(0, "b", 1), out(10, "b", 1), out(10, "c", 1), out(40, "c", 2)),
          addData(stream, in(8, "a"), in(41, "a")),
          checkAnswer(out(0, "a", 4), out(0, "b", 1), out(10, "b", 1), out(10, "c", 1), out(40, "a", 1),
              out(40, "c", 2)));
    }
  }
}
