package io.millrace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of another process (the Kafka broker's JVM), from {@code /proc/<pid>/stat}: the
 * broker serves the benchmark's reads, so its CPU is part of the run and is reported apart.
 */
final class BrokerCpu {
  /** Linux's USER_HZ, the unit of utime and stime; 100 on every kernel this runs on. */
  private static final long TICKS_PER_SECOND = 100;

  private BrokerCpu() {}

  /** User plus system CPU of {@code pid} in milliseconds, or 0 without such a process. */
  static long millis(long pid) {
    if (pid <= 0) {
      return 0;
    }
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // Fields after the command name, which is in parentheses and may hold spaces.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (fields 14, 15)
      return ticks * 1000 / TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}
