package io.millrace.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.TckContext;
import io.millrace.tck.child.ChildJvm;
import io.millrace.tck.child.PlainRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Kills a real child JVM at each step of a file sink's commit, restarts in this process (which
 * replays the crashed batch in another number of tasks, as the engine would, and writes one
 * more), and checks that both a manifest reader and a plain directory listing hold every row
 * exactly once.
 */
class CrashMatrixTest {
  private static final Schema SCHEMA = Schema.parse("id LONG NOT NULL, key STRING, amount DOUBLE");
  private static final String QUERY = "crash-matrix-query";

  @TempDir Path dir;

  @ParameterizedTest(name = "{0} sink, halted {3}")
  @CsvSource({
      "json, INSIDE_SINK_WRITE, 1, after the task files are staged (no manifest), NONE",
      "json, INSIDE_SINK_WRITE, 2, after the manifest is durable and before any rename, NONE",
      "json, INSIDE_SINK_WRITE, 3, after the first of the renames, SOME",
      "json, AFTER_SINK_WRITE, 1, after the commit returned and before the engine's commit log, ALL",
      "parquet, INSIDE_SINK_WRITE, 3, after the first of the renames, SOME",
  })
  void aKilledWriterRestartsWithEveryRowOnce(String format, FaultPoint point, int occurrence, String when,
      String visibleToListing) throws Exception {
    SinkProvider provider = format.equals("json") ? new JsonSinkProvider() : new ParquetSinkProvider();
    Path out = dir.resolve("out");
    HashMap<String, String> options = new HashMap<>(Map.of("path", out.toString(), "partitionBy", "key",
        "compactInterval", "2"));
    Map<Long, List<Row>> batches = Map.of(0L, rows(0), 1L, rows(100), 2L, rows(200));
    TreeMap<Long, ArrayList<ArrayList<Object>>> plain = new TreeMap<>();
    batches.forEach((id, rows) -> plain.put(id, PlainRows.of(rows)));

    CrashChild task = new CrashChild(provider.getClass().getName(), options, QUERY, SCHEMA.toDdl(), plain, point,
        occurrence, 2);
    try (ChildJvm child = ChildJvm.start("crash " + when, task, provider.getClass())) {
      assertThat(child.awaitExit()).as("the child halted %s%s", when, child.log()).isEqualTo(ChildJvm.HALTED);
    }

    List<Row> before = new ArrayList<>(batches.get(0L));
    before.addAll(batches.get(1L));
    List<Row> listed = OutputFiles.rows(format, out, OutputFiles.byListing(out), SCHEMA);
    switch (visibleToListing) {
      case "NONE" -> assertThat(listed).as("a plain listing right after the kill").containsExactlyInAnyOrderElementsOf(before);
      case "ALL" -> assertThat(listed).as("a plain listing right after the kill")
          .containsExactlyInAnyOrderElementsOf(concat(before, batches.get(2L)));
      default -> assertThat(listed).as("a plain listing right after the kill: batch 2 in part")
          .containsAll(before).hasSizeGreaterThan(before.size()).hasSizeLessThan(before.size() + batches.get(2L).size());
    }

    Sink restarted = provider.create(TckContext.sink(format, options, QUERY, SCHEMA, OutputMode.APPEND, FaultInjector.NONE));
    Tasks.write(restarted, 2, batches.get(2L), 2);
    List<Row> batch3 = rows(300);
    Tasks.write(restarted, 3, batch3, 2);

    List<Row> expected = concat(concat(before, batches.get(2L)), batch3);
    assertThat(OutputFiles.rows(format, out, OutputFiles.byManifest(out), SCHEMA)).as("rows by the manifest")
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(OutputFiles.rows(format, out, OutputFiles.byListing(out), SCHEMA)).as("rows by a plain listing")
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(OutputFiles.byListing(out)).as("the listing shows the manifest's files, no other")
        .containsExactlyInAnyOrderElementsOf(OutputFiles.byManifest(out));
    assertThat(out.resolve(OutputLayout.STAGING)).as("no staged file is left").satisfiesAnyOf(
        p -> assertThat(Files.exists(p)).isFalse(), p -> assertThat(Files.list(p)).isEmpty());
    Map<String, String> metrics = restarted.metrics();
    if (point == FaultPoint.AFTER_SINK_WRITE || occurrence >= 2) {
      assertThat(metrics.get("numSkippedBatches")).as("the replay of committed batch 2 was skipped").isEqualTo("1");
    } else {
      assertThat(metrics.get("numSkippedBatches")).isEqualTo("0");
      assertThat(Long.parseLong(metrics.get("numOrphanFilesDeleted"))).as("the crashed attempt's staged files").isPositive();
    }
    if (point == FaultPoint.INSIDE_SINK_WRITE && occurrence >= 2) {
      assertThat(Long.parseLong(metrics.get("numFilesRolledForward"))).as("renames finished at restart").isPositive();
    }
  }

  /** Nine rows over three keys (one of them null), so each task writes several partition directories. */
  private static List<Row> rows(long firstId) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      rows.add(Row.of(firstId + i, i % 3 == 0 ? null : "k" + (i % 3), i * 1.5));
    }
    return rows;
  }

  private static List<Row> concat(List<Row> a, List<Row> b) {
    List<Row> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
