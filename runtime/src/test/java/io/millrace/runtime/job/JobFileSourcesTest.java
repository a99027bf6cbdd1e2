package io.millrace.runtime.job;

import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.runtime.state.UnionWatermarkFacts;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Job files with named {@code sources}, each with its own pipeline, joined by a union step. */
class JobFileSourcesTest {
  @TempDir Path dir;

  private final String left = "jfs-a-" + UUID.randomUUID();
  private final String right = "jfs-b-" + UUID.randomUUID();
  private final String output = "jfs-out-" + UUID.randomUUID();
  private MemoryStream a;
  private MemoryStream b;

  @BeforeEach
  void setUp() {
    a = MemoryStream.create(left, Schema.parse(UnionWatermarkFacts.SCHEMA));
    b = MemoryStream.create(right, Schema.parse(UnionWatermarkFacts.SCHEMA));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(left);
    MemoryStream.remove(right);
    MemorySinkTable.remove(output);
  }

  /** Two named sources, each watermarked in its own pipeline, unioned into a windowed count. */
  private String unionJob(String mode) {
    return String.join("\n",
        "sources:",
        "  a:",
        "    format: memory",
        "    options: {name: " + left + "}",
        "    pipeline:",
        "      - withWatermark: {column: ts, delay: 10 seconds}",
        "  b:",
        "    format: memory",
        "    options: {name: " + right + "}",
        "    pipeline:",
        "      - withWatermark: {column: ts, delay: 20 seconds}",
        "pipeline:",
        "  - union: [a, b]",
        "  - groupBy: {columns: [\"window(ts, '10 seconds') AS window\"], agg: [\"count(*) AS count\"]}",
        "sink: {format: memory, outputMode: " + mode + ", options: {name: " + output + "}}",
        "checkpointLocation: " + dir.resolve("ckpt"),
        "config: {millrace.shuffle.partitions: 2}",
        "");
  }

  /** Runs the job's query over {@link UnionWatermarkFacts#STEPS}, a batch per step; the sink's windows after each. */
  private List<String> runSteps(String mode) {
    List<String> perStep = new ArrayList<>();
    JobFile job = JobFile.parse("union.yaml", unionJob(mode));
    ManualClock clock = new ManualClock();
    try (MillraceSession s = MillraceSession.builder().clock(clock).config(job.config()).build()) {
      testStream(job.dataset(s), OutputMode.valueOf(mode.toUpperCase(Locale.ROOT)))
          .run(UnionWatermarkFacts.actions(a, b, clock, perStep));
    }
    return perStep;
  }

  private static Row row(long id, String key, String mmss) {
    return Row.of(id, key, Instant.parse("2024-01-01T00:" + mmss + "Z").toEpochMilli() * 1000);
  }

  @Test
  void twoWatermarkedSourcesUnionedIntoAWindowedCountGiveSparksRowsInAppendMode() {
    // Spark 4.0.1's rows, as UnionWatermarkTest has them for the same query through the Java API:
    // a.withWatermark("ts", "10 seconds").union(b.withWatermark("ts", "20 seconds"))
    //   .groupBy(window(col("ts"), "10 seconds")).count(), append, multipleWatermarkPolicy min.
    assertThat(runSteps("append")).containsExactlyElementsOf(UnionWatermarkFacts.APPEND);
  }

  @Test
  void theSameJobInCompleteModeGivesSparksRows() {
    // UnionWatermarkTest's complete-mode facts for the same query.
    assertThat(runSteps("complete")).containsExactlyElementsOf(UnionWatermarkFacts.COMPLETE);
  }

  /** A stateless job over the two memory streams: its sink's rows, sorted. */
  private List<String> runOnce(String sources, String pipeline) {
    String yaml = sources + "pipeline:\n" + pipeline
        + "sink: {format: memory, options: {name: " + output + "}}\n"
        + "checkpointLocation: " + dir.resolve("ckpt") + "\n";
    try (MillraceSession s = MillraceSession.builder().build()) {
      StreamingQuery q = JobFile.parse("job.yaml", yaml).start(s);
      q.processAllAvailable();
      q.stop();
    }
    return MemorySinkTable.get(output).rows().stream().map(Row::toString).sorted().collect(Collectors.toList());
  }

  private String twoSources(String pipelineOfB) {
    return "sources:\n"
        + "  a: {format: memory, options: {name: " + left + "}}\n"
        + "  b:\n    format: memory\n    options: {name: " + right + "}\n" + pipelineOfB;
  }

  @Test
  void eachSourcesOwnPipelineRunsBeforeTheUnionAndTheUnionReadsThemInItsOrder() {
    a.addData(List.of(row(1, "a", "00:01"), row(2, "a", "00:02")));
    b.addData(List.of(row(10, "b", "00:03"), row(11, "b", "00:04")));
    List<String> rows = runOnce(twoSources("    pipeline:\n      - filter: \"id > 10\"\n      - withColumn: {name: id,"
        + " expr: \"id * 100\"}\n"), "  - union: [b, a]\n  - select: [id, key]\n");
    assertThat(rows).containsExactly("[1, a]", "[1100, b]", "[2, a]");
  }

  @Test
  void unionByNameMatchesTheSourcesColumnsByName() {
    a.addData(List.of(row(1, "a", "00:01")));
    b.addData(List.of(row(2, "b", "00:02")));
    List<String> rows = runOnce(twoSources("    pipeline:\n      - select: [key, ts, id]\n"),
        "  - unionByName: [a, b]\n  - select: [id, key]\n");
    assertThat(rows).containsExactly("[1, a]", "[2, b]");
  }

  @Test
  void oneNamedSourceNeedsNoUnion() {
    a.addData(List.of(row(1, "a", "00:01")));
    List<String> rows = runOnce("sources:\n  only:\n    format: memory\n    options: {name: " + left + "}\n"
        + "    pipeline: [{filter: \"id = 1\"}]\n", "  - select: [id]\n");
    assertThat(rows).containsExactly("[1]");
  }

  @Test
  void aRestartWithASourceAddedOrRemovedIsRefusedNamingBoth() {
    String single = "source: {format: memory, options: {name: " + left + "}}\n";
    a.addData(List.of(row(1, "a", "00:01")));
    runOnce(twoSources(""), "  - union: [a, b]\n");
    assertThatThrownBy(() -> runOnce(single, ""))
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("was written by a query with 2 source(s) [memory, memory]")
        .hasMessageContaining("but this query has 1 source(s) [memory]")
        .hasMessageContaining("the number or kind of sources may not change");
  }

  @Test
  void aRestartWithASourceAddedIsRefusedNamingBoth() {
    a.addData(List.of(row(1, "a", "00:01")));
    runOnce("sources:\n  a: {format: memory, options: {name: " + left + "}}\n", "");
    assertThatThrownBy(() -> runOnce(twoSources(""), "  - union: [a, b]\n"))
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("was written by a query with 1 source(s) [memory]")
        .hasMessageContaining("but this query has 2 source(s) [memory, memory]");
  }
}
