package io.millrace.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
  void badJobFileExitsWithTwoAndNamesTheLine() throws Exception {
    Path job = dir.resolve("bad.yaml");
    Files.writeString(job, "source: {format: rate}\nsink: {format: console}\ntriger: once\n");
    Result r = run("run", job.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("bad.yaml line 3").contains("triger");
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
}
