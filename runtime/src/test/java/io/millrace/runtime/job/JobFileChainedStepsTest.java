package io.millrace.runtime.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.runtime.state.ChainedOperatorsFacts;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The top-level pipeline of a job file takes any sequence of stateful steps: ChainedOperatorsTest's
 * queries, written as job files, give the same Spark 4.0.1 rows on the same input.
 */
class JobFileChainedStepsTest {
  @TempDir Path dir;

  private final String input = "jfc-in-" + UUID.randomUUID();
  private final String output = "jfc-out-" + UUID.randomUUID();
  private MemoryStream stream;

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("id LONG, key STRING, ts TIMESTAMP"));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private String job(String... steps) {
    return String.join("\n",
        "source: {format: memory, options: {name: " + input + "}}",
        "pipeline:",
        "  - withWatermark: {column: ts, delay: 10 seconds}",
        String.join("\n", steps),
        "sink: {format: memory, outputMode: append, options: {name: " + output + "}}",
        "checkpointLocation: " + dir.resolve("ckpt"),
        "config: {millrace.shuffle.partitions: 2}",
        "");
  }

  /** The sink's windowed counts after each step, one processAllAvailable per step, sorted as ChainedOperatorsTest prints them. */
  private List<String> run(String yaml, List<List<Row>> steps) {
    List<String> perStep = new ArrayList<>();
    JobFile job = JobFile.parse("chain.yaml", yaml);
    try (MillraceSession s = MillraceSession.builder().config(job.config()).build()) {
      StreamingQuery q = job.start(s);
      for (List<Row> step : steps) {
        stream.addData(step);
        q.processAllAvailable();
        perStep.add(windows());
      }
      q.stop();
    }
    return perStep;
  }

  private String windows() {
    MemorySinkTable table = MemorySinkTable.get(output);
    if (table == null) {
      return "[]";
    }
    return table.rows().stream().map(r -> "([" + mmss(r.getStruct(0).getLong(0)) + ", " + mmss(r.getStruct(0).getLong(1))
        + "], " + r.getLong(r.size() - 1) + ")").sorted().collect(Collectors.joining(", ", "[", "]"));
  }

  private static String mmss(long micros) {
    return Instant.ofEpochMilli(micros / 1000).toString().substring(11, 19);
  }

  @Test
  void dropDuplicatesThenAWindowedCount() {
    // ChainedOperatorsTest's input and Spark 4.0.1's rows for ms.toDF().withWatermark("ts", "10 seconds")
    //   .dropDuplicates("id", "ts").groupBy(window(col("ts"), "10 seconds")).count(), append.
    List<List<Row>> steps = ChainedOperatorsFacts.DEDUP_STEPS;
    String yaml = job(
        "  - dropDuplicates: [id, ts]",
        "  - groupBy: {columns: [\"window(ts, '10 seconds') AS window\"], agg: [\"count(*) AS count\"]}");
    assertThat(run(yaml, steps)).containsExactly(
        "[]",
        "[([00:00:00, 00:00:10], 3)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1), ([00:00:40, 00:00:50], 2), "
            + "([00:00:50, 00:01:00], 1)]");
  }

  @Test
  void aCountPerWindowOfAWindowedCount() {
    // ChainedOperatorsTest's input and Spark 4.0.1's rows for ms.toDF().withWatermark("ts", "10 seconds")
    //   .groupBy(window(col("ts"), "10 seconds"), col("key")).count().groupBy(col("window")).count(), append.
    List<List<Row>> steps = ChainedOperatorsFacts.COUNT_STEPS;
    String yaml = job(
        "  - groupBy: {columns: [\"window(ts, '10 seconds') AS window\", key], agg: [\"count(*) AS count\"]}",
        "  - groupBy: {columns: [window], agg: [\"count(*) AS count\"]}");
    assertThat(run(yaml, steps)).containsExactly(
        "[]",
        "[([00:00:00, 00:00:10], 3)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 3)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 3), ([00:00:20, 00:00:30], 2), ([00:00:30, 00:00:40], 1)]",
        "[([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 3), ([00:00:20, 00:00:30], 2), ([00:00:30, 00:00:40], 1), "
            + "([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1)]");
  }
}
