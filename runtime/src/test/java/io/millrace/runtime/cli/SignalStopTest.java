package io.millrace.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code millrace run} in a child JVM, stopped by SIGTERM ({@code Process.destroy()}) while its
 * processing-time trigger runs batches: the stop is clean (no stack trace, the stop logged, the
 * {@code --show} table printed, exit code 143), and a run on the same checkpoint afterwards
 * goes on where it stopped, every row in the sink exactly once.
 */
class SignalStopTest {
  private static final Pattern HOLDS = Pattern.compile("the sink holds (\\d+) row\\(s\\)");

  @TempDir Path dir;

  @Test
  void sigtermStopsTheQueryCleanlyAndARestartContinuesExactlyOnce() throws Exception {
    Path sink = dir.resolve("out");
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, String.join("\n",
        "name: signal-test",
        "source: {format: rate, options: {rowsPerSecond: 200}}",
        "pipeline:",
        "  - select: [value]",
        "sink: {format: durable-file, options: {path: " + sink + "}}",
        "trigger: {policy: processingTime, interval: 100ms}",
        "checkpointLocation: " + dir.resolve("ck"),
        ""));

    Child first = start(job, "--show", "100000");
    first.awaitStdout(out -> out.lines().filter(l -> l.startsWith("batch ")).count() >= 3);
    first.process.destroy(); // SIGTERM on Linux
    assertThat(first.process.waitFor(90, TimeUnit.SECONDS)).as("stopped in time").isTrue();

    String out = first.stdout();
    String err = first.stderr();
    assertThat(first.process.exitValue()).as(out + err).isEqualTo(143);
    assertThat(err).as("stderr").doesNotContain("Exception").doesNotContainPattern("(?m)^\\s+at ");
    assertThat(err).as("the stop is logged").contains("stopped on request");
    assertThat(out).contains("stopping: the process was asked to exit").contains("query stopped on request; ");
    List<Long> afterStop = readAllRows(sink);
    Matcher shown = HOLDS.matcher(out);
    assertThat(shown.find()).as("--show printed the table:\n" + out).isTrue();
    assertThat(Long.parseLong(shown.group(1))).isEqualTo(afterStop.size());
    assertThat(afterStop).isNotEmpty().isEqualTo(LongStream.range(0, afterStop.size()).boxed().toList());

    Child second = start(job, "--max-batches", "2");
    assertThat(second.process.waitFor(90, TimeUnit.SECONDS)).isTrue();
    assertThat(second.process.exitValue()).as(second.stdout() + second.stderr()).isZero();
    List<Long> afterRestart = readAllRows(sink);
    assertThat(afterRestart).hasSizeGreaterThan(afterStop.size())
        .isEqualTo(LongStream.range(0, afterRestart.size()).boxed().toList());
    List<String> batches = batchFiles(sink);
    assertThat(batches).isEqualTo(LongStream.range(0, batches.size()).mapToObj(i -> "batch-" + i).toList());
  }

  private record Child(Process process, Path out, Path err) {
    String stdout() throws IOException {
      return Files.readString(out);
    }

    String stderr() throws IOException {
      return Files.readString(err);
    }

    /** Polls the child's output until {@code ready} holds; fails after a minute or if the child ends. */
    void awaitStdout(java.util.function.Predicate<String> ready) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      while (!ready.test(stdout())) {
        if (!process.isAlive() || System.nanoTime() > deadline) {
          process.destroyForcibly();
          throw new AssertionError("the child never got there; stdout:\n" + stdout() + "\nstderr:\n" + stderr());
        }
        Thread.sleep(50);
      }
    }
  }

  private Child start(Path job, String... options) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "run", job.toString()));
    command.addAll(List.of(options));
    long n = System.nanoTime();
    Path out = dir.resolve("child-" + n + ".out");
    Path err = dir.resolve("child-" + n + ".err");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    return new Child(p, out, err);
  }

  private static List<String> batchFiles(Path sink) throws IOException {
    try (Stream<Path> files = Files.list(sink)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("batch-"))
          .sorted((a, b) -> Long.compare(Long.parseLong(a.substring(6)), Long.parseLong(b.substring(6))))
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
