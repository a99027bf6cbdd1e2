package io.millrace.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A child JVM running a test's main class on this JVM's class path, with its output in a file. */
record KafkaChildJvm(Process process, Path log) {
  /** Exit code of a child that halted itself at a fault point. */
  static final int HALTED = 137;
  private static final long TIMEOUT_SECONDS = 120;

  static KafkaChildJvm start(Path logDir, Class<?> main, List<String> jvmOptions, List<String> args) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // A child runs a few small batches: the quick compiler and the serial collector start it sooner.
    List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
    command.addAll(jvmOptions);
    command.addAll(List.of("-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(args);
    Files.createDirectories(logDir);
    Path log = Files.createTempFile(logDir, "child-", ".log");
    return new KafkaChildJvm(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start(),
        log);
  }

  /** Waits for the child; its exit code, with its output in the message of a timeout. */
  int await() throws IOException, InterruptedException {
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("child JVM did not finish in " + TIMEOUT_SECONDS + " s; its output:\n" + output());
    }
    return process.exitValue();
  }

  String output() throws IOException {
    return Files.readString(log);
  }
}
