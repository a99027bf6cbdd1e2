package io.millrace.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Input files for {@link DeltaCrashChild} and the child JVMs that run it. */
final class DeltaChildRuns {
  static final int FILES = 3;
  static final int ROWS_PER_FILE = 4;
  private static final long TIMEOUT_SECONDS = 120;

  private DeltaChildRuns() {}

  /** {@code FILES} JSON-lines files, each moved into place whole; returns the rows as "id:key". */
  static List<String> writeInput(Path input) throws IOException {
    Files.createDirectories(input);
    List<String> rows = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      StringBuilder text = new StringBuilder();
      for (int r = 0; r < ROWS_PER_FILE; r++) {
        long id = f * ROWS_PER_FILE + r;
        text.append("{\"id\":").append(id).append(",\"key\":\"k").append(id % 3).append("\"}\n");
        rows.add(id + ":k" + id % 3);
      }
      Path hidden = input.resolve(".part-" + f + ".tmp");
      Files.writeString(hidden, text);
      Files.move(hidden, input.resolve("part-" + f + ".json"), StandardCopyOption.ATOMIC_MOVE);
      // Distinct modification times keep the source's file order deterministic.
      input.resolve("part-" + f + ".json").toFile().setLastModified(1_700_000_000_000L + f * 1000L);
    }
    return rows;
  }

  /** A running child JVM and the file its output goes to. */
  record Child(Process process, Path log) {}

  /**
   * Starts {@link DeltaCrashChild} with {@code jvmOptions} (system properties) and its
   * arguments: input, table, checkpoint, progress file and optionally a fault point and batch.
   */
  static Child start(Path logDir, List<String> jvmOptions, List<String> args) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java));
    command.addAll(jvmOptions);
    command.addAll(List.of("-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), DeltaCrashChild.class.getName()));
    command.addAll(args);
    Path log = Files.createTempFile(logDir, "child-", ".log");
    return new Child(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start(), log);
  }

  /** Waits for a child; returns its exit code, 0 or 137 (halted), and fails with its output otherwise. */
  static int await(Child child) throws IOException, InterruptedException {
    Process p = child.process();
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("child JVM did not finish in " + TIMEOUT_SECONDS + " s; its output:\n"
          + Files.readString(child.log()));
    }
    if (p.exitValue() != 0 && p.exitValue() != 137) {
      throw new AssertionError("child JVM exited with " + p.exitValue() + "; its output:\n" + Files.readString(child.log()));
    }
    return p.exitValue();
  }

  /** Runs one child to the end. */
  static int run(Path logDir, List<String> jvmOptions, String... args) throws IOException, InterruptedException {
    return await(start(logDir, jvmOptions, List.of(args)));
  }

  /** The value of a sink metric in one progress JSON line. */
  static String metric(String progressJson, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]*)\"").matcher(progressJson);
    return m.find() ? m.group(1) : null;
  }
}
