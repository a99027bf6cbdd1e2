package io.millrace.tck.source;

import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.tck.Tck;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finds threads a plugin started and left running: the live threads that were not alive
 * before it was created. Threads of the JDK's common fork-join pool are the JDK's to end and
 * are not counted.
 */
final class PluginThreads {
  private static final Duration GRACE = Duration.ofSeconds(5);

  private PluginThreads() {}

  /** The threads alive now. */
  static Set<Thread> alive() {
    return Thread.getAllStackTraces().keySet();
  }

  /**
   * Waits, at most the scaled grace period, for every thread started since {@code before} to
   * end, then fails naming those still alive.
   */
  static void assertNoneLeft(String rule, Set<Thread> before) throws InterruptedException {
    long deadline = System.nanoTime() + Tck.timeout(GRACE).toNanos();
    for (Thread thread : started(before)) {
      long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
      thread.join(left);
    }
    List<Thread> leaked = started(before);
    if (!leaked.isEmpty()) {
      fail(rule + " threads started by the plugin are still alive " + Tck.timeout(GRACE).toMillis() + " ms after close(): "
          + leaked.stream().map(t -> "'" + t.getName() + "'" + (t.isDaemon() ? " (daemon)" : "")).collect(Collectors.joining(", ")));
    }
  }

  private static List<Thread> started(Set<Thread> before) {
    return alive().stream()
        .filter(t -> !before.contains(t) && t.isAlive() && t != Thread.currentThread())
        .filter(t -> !t.getName().startsWith("ForkJoinPool.commonPool-worker"))
        .toList();
  }
}
