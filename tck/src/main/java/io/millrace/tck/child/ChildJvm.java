package io.millrace.tck.child;

import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.tck.Tck;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM running one {@link ChildTask} for a rule, so that a crash is a real process
 * death ({@code Runtime.halt}): nothing in the plugin's static fields, caches or unflushed
 * buffers survives it, and no {@code finally} block runs.
 *
 * <p>The child gets this JVM's class path plus the jars of the class loaders that loaded the
 * plugin (the runner loads a plugin jar in a loader of its own), and recreates the plugin from
 * its class name: a provider or factory needs the public no-argument constructor that
 * {@code ServiceLoader} needs anyway. Its standard error and stray output go to a log that
 * failures quote. Waits are bounded by the TCK timeout; none decides a result.
 */
public final class ChildJvm implements AutoCloseable {
  /** The exit code of a child that {@code CrashAt.haltAt} halted. */
  public static final int HALTED = 137;

  private static final Duration WAIT = Duration.ofSeconds(120);
  private static final int LOG_TAIL = 4000;

  private final String rule;
  private final Process process;
  private final Path dir;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final StringBuffer stray = new StringBuffer();
  private final OutputStream toChild;

  private ChildJvm(String rule, Process process, Path dir) {
    this.rule = rule;
    this.process = process;
    this.dir = dir;
    this.toChild = process.getOutputStream();
    Thread reader = new Thread(this::readLines, "millrace-tck-child-output");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts a child JVM running {@code task}; {@code pluginClasses} are the classes the child
   * must be able to load (their class loaders' jars join the class path).
   */
  public static ChildJvm start(String rule, ChildTask task, Class<?>... pluginClasses) {
    try {
      Path dir = Files.createTempDirectory("millrace-tck-child-");
      Path taskFile = dir.resolve("task.ser");
      try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(taskFile))) {
        out.writeObject(task);
      }
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", classPath(pluginClasses),
          ChildMain.class.getName(), taskFile.toString()));
      Process process = new ProcessBuilder(command)
          .redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("stderr.log").toFile()))
          .start();
      return new ChildJvm(rule, process, dir);
    } catch (IOException e) {
      throw new UncheckedIOException(rule + " could not start a child JVM", e);
    }
  }

  /** Runs {@code task} in a child JVM to its end and returns the exit code. */
  public static int run(String rule, ChildTask task, Class<?>... pluginClasses) {
    try (ChildJvm child = start(rule, task, pluginClasses)) {
      return child.awaitExit();
    }
  }

  /** This JVM's class path and the jars of the loaders of {@code classes}, without repeats. */
  static String classPath(Class<?>... classes) {
    Set<String> entries = new LinkedHashSet<>(List.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator)));
    for (Class<?> c : classes) {
      for (ClassLoader l = c.getClassLoader(); l != null; l = l.getParent()) {
        if (l instanceof URLClassLoader urls) {
          for (URL url : urls.getURLs()) {
            entries.add(path(url));
          }
        }
      }
    }
    entries.remove("");
    return String.join(java.io.File.pathSeparator, entries);
  }

  private static String path(URL url) {
    try {
      return Path.of(url.toURI()).toString();
    } catch (URISyntaxException | IllegalArgumentException e) {
      return url.getPath();
    }
  }

  private void readLines() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.startsWith(ChildChannel.PREFIX)) {
          lines.add(line.substring(ChildChannel.PREFIX.length()));
        } else {
          stray.append(line).append('\n');
        }
      }
    } catch (IOException e) {
      stray.append("(reading the child's output failed: ").append(e).append(")\n");
    }
  }

  /** The next line the child sent; fails the rule, quoting the child's log, if it ended or took too long. */
  public String receive() throws InterruptedException {
    long deadline = System.nanoTime() + Tck.timeout(WAIT).toNanos();
    while (true) {
      String line = lines.poll(100, TimeUnit.MILLISECONDS);
      if (line != null) {
        return line;
      }
      if (!process.isAlive() && lines.isEmpty()) {
        // The reader may still be draining the last lines of a child that just ended.
        line = lines.poll(1, TimeUnit.SECONDS);
        if (line != null) {
          return line;
        }
        return fail(rule + " the child JVM ended (exit code " + process.exitValue() + ") before sending the line the rule"
            + " waited for" + log());
      }
      if (System.nanoTime() > deadline) {
        return fail(rule + " the child JVM sent nothing within " + Tck.timeout(WAIT) + log());
      }
    }
  }

  /** Sends one line to the child's standard input. */
  public void send(String line) {
    try {
      toChild.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      toChild.flush();
    } catch (IOException e) {
      fail(rule + " could not write to the child JVM (it ended with " + exitText() + ")" + log(), e);
    }
  }

  /** Waits for the child to end and returns its exit code. */
  public int awaitExit() {
    try {
      if (!process.waitFor(Tck.timeout(WAIT).toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        fail(rule + " the child JVM did not end within " + Tck.timeout(WAIT) + log());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      fail(rule + " interrupted while waiting for the child JVM");
    }
    return process.exitValue();
  }

  /** Kills the child as {@code kill -9} would, and waits until it is gone. */
  public void kill() {
    process.destroyForcibly();
    awaitExit();
  }

  private String exitText() {
    return process.isAlive() ? "no exit yet" : "exit code " + process.exitValue();
  }

  /** The child's standard error and stray output, for a failure message. */
  public String log() {
    String err;
    try {
      err = Files.readString(dir.resolve("stderr.log"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      err = "(no standard error: " + e + ")";
    }
    String all = (stray + err).strip();
    if (all.isEmpty()) {
      return "; the child wrote nothing to its standard error";
    }
    return "; the child's output ends with:\n" + (all.length() > LOG_TAIL ? "…" + all.substring(all.length() - LOG_TAIL) : all);
  }

  /** Kills the child if it still runs and deletes its task file and log. */
  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
    }
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // A temporary directory left behind is not a rule's result.
    }
  }
}
