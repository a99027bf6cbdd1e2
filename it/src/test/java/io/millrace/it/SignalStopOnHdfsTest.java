package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.cli.Main;
import io.millrace.storage.hadoop.MiniHdfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM stops a query whose checkpoint and state live on HDFS as cleanly as on local disk:
 * Hadoop's own shutdown hook closes every cached FileSystem when the JVM exits, and the storage
 * must not have its FileSystem closed under the batch in flight, the state stores' last
 * maintenance and {@code --show}, all of which run while the JVM's shutdown hooks do.
 */
// Measured against the wall clock or a small heap: alone, never beside the Kafka crash matrix's child JVMs.
@Isolated
class SignalStopOnHdfsTest {
  @TempDir Path dir;

  @Test
  void sigtermWithTheCheckpointOnHdfsStopsCleanlyAndTheNextRunGoesOn() throws Exception {
    try (MiniHdfs hdfs = MiniHdfs.start()) {
      String checkpoint = hdfs.hdfsUri() + "/signal/" + UUID.randomUUID();
      Path job = dir.resolve("job.yaml");
      List<String> lines = new ArrayList<>(List.of(
          "name: signal-on-hdfs",
          "source: {format: rate, options: {rowsPerSecond: 200}}",
          "pipeline:",
          "  - withColumn: {name: bucket, expr: \"value % 5\"}",
          "  - groupBy: {columns: [bucket], agg: [\"count(*) AS n\"]}",
          "sink: {format: memory, outputMode: update, options: {name: signal-on-hdfs}}",
          "trigger: {policy: processingTime, interval: 100ms}",
          "checkpointLocation: " + checkpoint,
          "config:"));
      for (Map.Entry<String, String> option : MiniHdfs.OPTIONS.entrySet()) {
        lines.add("  " + option.getKey() + ": \"" + option.getValue() + "\"");
      }
      Files.write(job, lines);

      Process first = start(job, "first", "--show", "10");
      awaitBatches(first, "first", 3);
      first.destroy(); // SIGTERM on Linux
      assertThat(first.waitFor(120, TimeUnit.SECONDS)).as("stopped in time").isTrue();
      String out = read("first.out");
      String err = read("first.err");
      assertThat(first.exitValue()).as(out + err).isEqualTo(143);
      assertThat(err).as("stderr").doesNotContain("Filesystem closed").doesNotContain("Exception")
          .doesNotContainPattern("(?m)^\\s+at ").contains("stopped on request");
      assertThat(out).contains("query stopped on request; ").contains("the sink holds ");

      Process second = start(job, "second", "--max-batches", "2");
      assertThat(second.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(second.exitValue()).as(read("second.out") + read("second.err")).isZero();
      assertThat(read("second.err")).doesNotContain("Exception");
    }
  }

  private Process start(Path job, String name, String... options) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "run", job.toString()));
    command.addAll(List.of(options));
    return new ProcessBuilder(command).redirectOutput(dir.resolve(name + ".out").toFile())
        .redirectError(dir.resolve(name + ".err").toFile()).start();
  }

  /** Waits until the child printed {@code batches} progress lines; fails after two minutes or if it ends. */
  private void awaitBatches(Process child, String name, int batches) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (read(name + ".out").lines().filter(l -> l.startsWith("batch ")).count() < batches) {
      if (!child.isAlive() || System.nanoTime() > deadline) {
        child.destroyForcibly();
        throw new AssertionError("the child never ran " + batches + " batches; stdout:\n" + read(name + ".out")
            + "\nstderr:\n" + read(name + ".err"));
      }
      Thread.sleep(50);
    }
  }

  private String read(String file) throws IOException {
    return Files.readString(dir.resolve(file));
  }
}
