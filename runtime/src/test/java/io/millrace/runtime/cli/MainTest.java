package io.millrace.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.plugins.sink.MemorySinkTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
  @TempDir Path dir;

  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int code = Main.execute(args);
      return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  @Test
  void runPrintsOneLinePerBatchAndStopsAfterMaxBatches() throws Exception {
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, String.join("\n",
        "name: cli-test",
        "source: {format: rate, options: {rowsPerSecond: 1000}}",
        "pipeline:",
        "  - filter: \"value % 2 = 0\"",
        "sink: {format: memory, options: {name: cli-out}}",
        "trigger: {policy: processingTime, interval: 50ms}",
        "checkpointLocation: " + dir.resolve("ck"),
        ""));
    Result r = run("run", job.toString(), "--max-batches", "3");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("end-to-end guarantee: exactly-once");
    assertThat(r.out().lines().filter(l -> l.startsWith("batch "))).hasSize(3);
    assertThat(r.out()).contains("3 batch(es) ran");
  }

  @Test
  void runExplainPrintsThePlansAndRunsNothing() throws Exception {
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, String.join("\n",
        "source: {format: rate, options: {rowsPerSecond: 1000}}",
        "pipeline:",
        "  - withWatermark: {column: timestamp, delay: 2 seconds}",
        "  - dropDuplicates: [value, timestamp]",
        "  - groupBy: {columns: [\"window(timestamp, '5 seconds') AS window\"], agg: [\"count(*) AS n\"]}",
        "sink: {format: memory, options: {name: cli-explain}, outputMode: append}",
        "checkpointLocation: " + dir.resolve("ck"),
        ""));
    Result r = run("run", job.toString(), "--explain");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("== Logical Plan ==", "== Physical Plan ==", "AggregateExec [operator 0]",
        "DeduplicateExec [operator 1]", "MicroBatchScan rate[0]");
    assertThat(r.out()).doesNotContain("batch ");
    assertThat(dir.resolve("ck")).doesNotExist();
  }

  @Test
  void runExplainShowsTheUnionOfNamedSources() throws Exception {
    Path job = dir.resolve("union.yaml");
    Files.writeString(job, String.join("\n",
        "sources:",
        "  fast:",
        "    format: rate",
        "    options: {rowsPerSecond: 1000}",
        "    pipeline: [{withWatermark: {column: timestamp, delay: 2 seconds}}]",
        "  slow:",
        "    format: rate",
        "    options: {rowsPerSecond: 10}",
        "    pipeline: [{withWatermark: {column: timestamp, delay: 5 seconds}}]",
        "pipeline:",
        "  - union: [fast, slow]",
        "  - groupBy: {columns: [\"window(timestamp, '5 seconds') AS window\"], agg: [\"count(*) AS n\"]}",
        "sink: {format: memory, options: {name: cli-explain-union}, outputMode: append}",
        "checkpointLocation: " + dir.resolve("ck"),
        ""));
    Result r = run("run", job.toString(), "--explain");
    assertThat(r.exitCode()).as(r.err()).isZero();
    String logical = r.out().substring(0, r.out().indexOf("== Physical Plan =="));
    String physical = r.out().substring(r.out().indexOf("== Physical Plan =="));
    // Each source's own watermark sits under the union, on that source's side.
    assertThat(logical).contains("+- Union", ":- EventTimeWatermark timestamp, 2000 ms",
        "+- EventTimeWatermark timestamp, 5000 ms");
    assertThat(physical).contains("AggregateExec [operator 0]", "+- Union [timestamp, value]",
        ":- RowPipeline EventTimeWatermark(timestamp, 2000 ms)", "MicroBatchScan rate[0]",
        "+- RowPipeline EventTimeWatermark(timestamp, 5000 ms)", "MicroBatchScan rate[1]");
    assertThat(dir.resolve("ck")).doesNotExist();
  }

  @Test
  void runWithoutMaxBatchesCountsTheBatchesTheTriggerRan() throws Exception {
    Path job = dir.resolve("once.yaml");
    Files.writeString(job, String.join("\n",
        "source: {format: rate, options: {rowsPerSecond: 1000}}",
        "sink: {format: memory, options: {name: cli-once}}",
        "trigger: once",
        "checkpointLocation: " + dir.resolve("ck-once"),
        ""));
    Result r = run("run", job.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("1 batch(es) ran");
  }

  @Test
  void showPrintsWhatTheSinkHoldsSortedAfterTheQueryStops() throws Exception {
    Path job = dir.resolve("show.yaml");
    Files.writeString(job, String.join("\n",
        "source: {format: rate, options: {rowsPerSecond: 1000}}",
        "pipeline:",
        "  - filter: \"value % 2 = 0\"",
        "  - select: [value]",
        "sink: {format: memory, options: {name: cli-show}}",
        "trigger: {policy: processingTime, interval: 50ms}",
        "checkpointLocation: " + dir.resolve("ck-show"),
        ""));
    Result r = run("run", job.toString(), "--max-batches", "4", "--show", "3");
    assertThat(r.exitCode()).as(r.err()).isZero();
    int held = MemorySinkTable.get("cli-show").rows().size();
    assertThat(held).as("rows the query wrote").isGreaterThan(3);
    String shown = r.out().substring(r.out().indexOf("the sink holds"));
    assertThat(shown).isEqualTo(String.join("\n",
        "the sink holds " + held + " row(s):",
        "+-----+",
        "|value|",
        "+-----+",
        "|0    |",
        "|2    |",
        "|4    |",
        "+-----+",
        "only showing top 3 rows",
        ""));
  }

  @Test
  void showOnASinkThatCannotBeReadBackIsRefusedBeforeTheQueryStarts() throws Exception {
    Path job = dir.resolve("console.yaml");
    Files.writeString(job, String.join("\n",
        "source: {format: rate, options: {rowsPerSecond: 10}}",
        "sink: {format: console}",
        "trigger: {policy: processingTime, interval: 1 hour}",
        "checkpointLocation: " + dir.resolve("ck-console"),
        ""));
    Result r = run("run", job.toString(), "--show");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--show").contains("sink 'console'").contains("ReadableSinkProvider");
    assertThat(dir.resolve("ck-console")).as("refused before the query started").doesNotExist();
  }

  @Test
  void showRefusesZeroRows() throws Exception {
    Result r = run("run", dir.resolve("any.yaml").toString(), "--show", "0");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--show").contains("1 or more");
  }

  @Test
  void badJobFileExitsWithTwoAndNamesTheLine() throws Exception {
    Path job = dir.resolve("bad.yaml");
    Files.writeString(job, "source: {format: rate}\nsink: {format: console}\ntriger: once\n");
    Result r = run("run", job.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("bad.yaml line 3").contains("triger");
  }

  private Path jobWithConfig(String name, String setting) throws Exception {
    Path job = dir.resolve(name);
    Files.writeString(job, String.join("\n",
        "source: {format: rate, options: {rowsPerSecond: 10}}",
        "sink: {format: memory, options: {name: cli-conf}}",
        "trigger: once",
        "checkpointLocation: " + dir.resolve("ck-" + name),
        "config:",
        "  millrace.shuffle.partitions: 2",
        "  " + setting,
        ""));
    return job;
  }

  @Test
  void aBadSettingInTheJobsConfigIsReportedAtItsLine() throws Exception {
    Result r = run("run", jobWithConfig("conf.yaml", "millrace.minBatchesToRetain: 0").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("conf.yaml line 7, field 'config.millrace.minBatchesToRetain': ")
        .contains("millrace.minBatchesToRetain");
  }

  @Test
  void aBadSettingGivenWithConfIsNotBlamedOnTheJobFile() throws Exception {
    Result r = run("run", jobWithConfig("conf-ok.yaml", "millrace.minBatchesToRetain: 5").toString(),
        "--conf", "millrace.minBatchesToRetain=0");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("millrace.minBatchesToRetain").doesNotContain("conf-ok.yaml");
  }

  @Test
  void anUnknownSinkWithShowIsReportedAtItsFormat() throws Exception {
    Path job = dir.resolve("unknown-sink.yaml");
    Files.writeString(job, String.join("\n",
        "source: {format: rate}",
        "sink:",
        "  format: memroy",
        ""));
    Result r = run("run", job.toString(), "--show");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("unknown-sink.yaml line 3, field 'sink.format': unknown sink 'memroy'");
  }

  @Test
  void pluginsListsKindNameVersionAndLocation() {
    Result r = run("plugins");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("KIND").contains("LOCATION");
    assertThat(r.out().lines().filter(l -> l.startsWith("source ") && l.contains(" rate "))).hasSize(1);
    assertThat(r.out().lines().filter(l -> l.startsWith("storage ") && l.contains("local"))).hasSize(1);
    assertThat(r.out().lines().filter(l -> l.startsWith("trigger ") && l.contains("processingTime"))).hasSize(1);
  }

  @Test
  void functionsListsEachWithUsageAndAnExample() {
    Result r = run("functions");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("round(number[, scale])\n    e.g. round(2.675, 2) = 2.68\n");
    Result some = run("functions", "timestamp_");
    assertThat(some.out().lines().filter(l -> !l.startsWith("    e.g."))).containsExactly(
        "timestamp_micros(microseconds)", "timestamp_millis(milliseconds)", "timestamp_seconds(seconds)");
    assertThat(run("functions", "nosuch").exitCode()).isEqualTo(1);
  }
}
