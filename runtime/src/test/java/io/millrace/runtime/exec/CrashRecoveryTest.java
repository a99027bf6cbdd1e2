package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once across real crashes: a child JVM runs the query and halts ({@code Runtime.halt},
 * no shutdown hooks, nothing flushed) at a crash point; a new JVM restarts it on the same
 * checkpoint; in the end the durable sink holds every row exactly once.
 */
class CrashRecoveryTest {
  @TempDir Path dir;

  @Test
  void haltAfterWriteAheadRecordAndAfterSinkWriteStillGivesEveryRowOnce() throws Exception {
    Path checkpoint = dir.resolve("checkpoint");
    Path sink = dir.resolve("sink");

    // Crash 1: right after offsets/2 is written, before the sink sees batch 2.
    assertThat(runChild(checkpoint, sink, "AFTER_OFFSET_LOG_WRITE", "2")).isEqualTo(137);
    assertThat(checkpoint.resolve("offsets/2")).exists();
    assertThat(checkpoint.resolve("commits/2")).doesNotExist();
    assertThat(batchFiles(sink)).containsExactly("batch-0", "batch-1");

    // Crash 2: the restart replays batch 2, then halts right after the sink wrote batch 3.
    assertThat(runChild(checkpoint, sink, "AFTER_SINK_WRITE", "3")).isEqualTo(137);
    assertThat(checkpoint.resolve("commits/2")).exists();
    assertThat(checkpoint.resolve("offsets/3")).exists();
    assertThat(checkpoint.resolve("commits/3")).doesNotExist();
    assertThat(batchFiles(sink)).containsExactly("batch-0", "batch-1", "batch-2", "batch-3");

    // Clean run: batch 3 runs again over the same offsets; the sink already has it and writes nothing.
    assertThat(runChild(checkpoint, sink)).isEqualTo(0);
    assertThat(checkpoint.resolve("commits/3")).exists();
    assertThat(checkpoint.resolve("offsets/4")).doesNotExist();
    assertThat(readAllRows(sink)).containsExactlyElementsOf(LongStream.range(0, 20).boxed().collect(Collectors.toList()));
    assertThat(Files.readAllLines(sink.resolve("batch-2"))).containsExactly("10", "11", "12", "13", "14");
  }

  @Test
  void haltBetweenPurgingOffsetsAndCommitsIsNotTakenForDamage() throws Exception {
    Path checkpoint = dir.resolve("checkpoint");
    Path sink = dir.resolve("sink");

    // With two batches retained, batch 3 purges batch 0: the JVM halts after offsets/0 went and
    // before commits/0 did.
    assertThat(runChild(checkpoint, sink, List.of("-DminBatchesToRetain=2"), "DURING_LOG_PURGE", "3")).isEqualTo(137);
    assertThat(checkpoint.resolve("offsets/0")).doesNotExist();
    assertThat(checkpoint.resolve("commits/0")).exists();
    assertThat(checkpoint.resolve("commits/3")).doesNotExist();

    // The restart runs batch 3 again and finishes; every row reached the sink once.
    assertThat(runChild(checkpoint, sink, List.of("-DminBatchesToRetain=2"))).isEqualTo(0);
    assertThat(checkpoint.resolve("commits/3")).exists();
    assertThat(readAllRows(sink)).containsExactlyElementsOf(LongStream.range(0, 20).boxed().collect(Collectors.toList()));
  }

  private int runChild(Path checkpoint, Path sink, String... haltAt) throws IOException, InterruptedException {
    return runChild(checkpoint, sink, List.of(), haltAt);
  }

  private int runChild(Path checkpoint, Path sink, List<String> jvmOptions, String... haltAt)
      throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java));
    command.addAll(jvmOptions);
    command.addAll(List.of("-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        CrashChild.class.getName(), checkpoint.toString(), sink.toString()));
    command.addAll(List.of(haltAt));
    File log = dir.resolve("child-" + System.nanoTime() + ".log").toFile();
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("child JVM did not finish; its output:\n" + Files.readString(log.toPath()));
    }
    return p.exitValue();
  }

  private static List<String> batchFiles(Path sink) throws IOException {
    if (!Files.exists(sink)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(sink)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("batch-")).sorted()
          .collect(Collectors.toList());
    }
  }

  private static List<Long> readAllRows(Path sink) throws IOException {
    List<Long> rows = new ArrayList<>();
    for (String f : batchFiles(sink)) {
      for (String line : Files.readAllLines(sink.resolve(f))) {
        rows.add(Long.parseLong(line));
      }
    }
    rows.sort(null);
    return rows;
  }
}
