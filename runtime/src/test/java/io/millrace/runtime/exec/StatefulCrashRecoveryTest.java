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
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stateful queries survive a real crash at every point of the batch protocol: a child JVM
 * halts there ({@code Runtime.halt}), a new JVM restarts on the same checkpoint, and the sink
 * ends up with exactly what an uninterrupted run writes, batch by batch.
 */
@Execution(ExecutionMode.CONCURRENT) // two cases at once: each waits on its child JVMs
class StatefulCrashRecoveryTest {
  @TempDir Path dir;
  @TempDir static Path shared;
  /** The output of an uninterrupted run, per operator: computed once, compared many times. */
  private static final java.util.Map<String, List<String>> UNINTERRUPTED = new java.util.concurrent.ConcurrentHashMap<>();

  static Stream<Arguments> crashes() {
    List<Arguments> all = new ArrayList<>();
    for (String op : List.of("agg", "dedup", "dedupTs", "dedupWithin", "agg@rocksdb", "dedupTs@rocksdb", "unionChain",
        "unionChain@rocksdb", "joinOuter", "joinOuter@rocksdb",
        "joinWindow", "joinWindow@rocksdb", "tws", "tws@rocksdb", "sessionWindow", "sessionWindow@rocksdb")) {
      boolean otherStore = op.endsWith("@rocksdb");
      // The points before the state commit and around the sink are the engine's alone: the same
      // operator on the default store covers them; on another store, the points the store takes part in.
      if (!otherStore) {
        all.add(Arguments.of(op, "BEFORE_OFFSET_LOG_WRITE", "2"));
        all.add(Arguments.of(op, "INSIDE_SINK_WRITE", "2"));
        all.add(Arguments.of(op, "AFTER_SINK_WRITE", "2"));
      }
      all.add(Arguments.of(op, "AFTER_OFFSET_LOG_WRITE", "2"));
      all.add(Arguments.of(op, "INSIDE_STATE_COMMIT", "3"));
      all.add(Arguments.of(op, "BEFORE_COMMIT_LOG", "2"));
      all.add(Arguments.of(op, "DURING_MAINTENANCE", "-1"));
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0} halted at {1} ({2})")
  @MethodSource("crashes")
  void aRestartAfterTheCrashGivesTheOutputOfAnUninterruptedRun(String operator, String point, String id) throws Exception {
    List<String> expected = uninterrupted(operator);
    assertThat(expected).isNotEmpty();

    Path crashed = dir.resolve("crashed");
    int exit = run(crashed.resolve("ckpt"), crashed.resolve("sink"), operator, point, id);
    if (!point.equals("DURING_MAINTENANCE")) {
      assertThat(exit).as("the child halted at " + point).isEqualTo(137);
    } else {
      // Maintenance runs on a timer; whether it snapshotted before the query ended is timing.
      assertThat(exit).isIn(0, 137);
    }
    assertThat(run(crashed.resolve("ckpt"), crashed.resolve("sink"), operator)).isZero();
    assertThat(output(crashed.resolve("sink"))).isEqualTo(expected);
    try (Stream<Path> files = Files.walk(crashed.resolve("ckpt"))) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".") && n.endsWith(".tmp")))
          .as("no temporary files left behind")
          .isEmpty();
    }
  }

  /** Synchronized: two cases of one operator must not run its clean run twice on one checkpoint. */
  private static synchronized List<String> uninterrupted(String operator) throws Exception {
    List<String> known = UNINTERRUPTED.get(operator);
    if (known == null) {
      Path clean = shared.resolve("clean-" + operator);
      assertThat(run(clean.resolve("ckpt"), clean.resolve("sink"), operator)).isZero();
      known = output(clean.resolve("sink"));
      UNINTERRUPTED.put(operator, known);
    }
    return known;
  }

  private static int run(Path checkpoint, Path sink, String... args) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // C1 only: a child lives a few seconds, too short for C2's compiles to pay back (a quarter of its time).
    List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), StatefulCrashChild.class.getName(), checkpoint.toString(),
        sink.toString()));
    command.addAll(List.of(args));
    File log = Files.createTempFile(shared, "child-", ".log").toFile();
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("child JVM did not finish; its output:\n" + Files.readString(log.toPath()));
    }
    if (p.exitValue() != 0 && p.exitValue() != 137) {
      throw new AssertionError("child JVM failed; its output:\n" + Files.readString(log.toPath()));
    }
    return p.exitValue();
  }

  /** Every batch file's lines, in batch order, each prefixed with its batch. */
  private static List<String> output(Path sink) throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(sink)) {
      List<Path> batches = files.filter(f -> f.getFileName().toString().startsWith("batch-"))
          .sorted((a, b) -> Long.compare(batchOf(a), batchOf(b))).collect(Collectors.toList());
      for (Path b : batches) {
        for (String line : Files.readAllLines(b)) {
          lines.add(b.getFileName() + ": " + line);
        }
      }
    }
    return lines;
  }

  private static long batchOf(Path f) {
    return Long.parseLong(f.getFileName().toString().substring("batch-".length()));
  }
}
