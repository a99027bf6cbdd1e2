package io.millrace.tck;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link FaultInjector} that crashes once, the first time the code reaches a given point
 * (optionally for a given batch or version): by throwing {@link SimulatedCrash}, or, in a
 * forked JVM, by {@code Runtime.halt}. Like a real crash it fires once; the restarted code
 * passes the point freely. A point the code reports several times in one batch (a sink between
 * each of its durable steps) can be crashed at its n-th report.
 */
public final class CrashAt implements FaultInjector {
  private final FaultPoint point;
  private final long batchOrVersion;
  private final int occurrence;
  private final boolean halt;
  private final AtomicInteger seen = new AtomicInteger();
  private final AtomicBoolean fired = new AtomicBoolean();

  private CrashAt(FaultPoint point, long batchOrVersion, int occurrence, boolean halt) {
    this.point = point;
    this.batchOrVersion = batchOrVersion;
    this.occurrence = occurrence;
    this.halt = halt;
  }

  /** Throws {@link SimulatedCrash} at the first time {@code point} is reached. */
  public static CrashAt point(FaultPoint point) {
    return new CrashAt(point, Long.MIN_VALUE, 1, false);
  }

  /** Throws {@link SimulatedCrash} when {@code point} is reached for batch or version {@code id}. */
  public static CrashAt point(FaultPoint point, long id) {
    return new CrashAt(point, id, 1, false);
  }

  /**
   * Throws {@link SimulatedCrash} the {@code occurrence}-th time (1-based) {@code point} is
   * reached for batch or version {@code id}.
   */
  public static CrashAt point(FaultPoint point, long id, int occurrence) {
    if (occurrence < 1) {
      throw new IllegalArgumentException("occurrence must be at least 1, was " + occurrence);
    }
    return new CrashAt(point, id, occurrence, false);
  }

  /** Halts the JVM with exit code 137 when {@code point} is reached for {@code id}; for forked JVMs. */
  public static CrashAt haltAt(FaultPoint point, long id) {
    return new CrashAt(point, id, 1, true);
  }

  /** Whether the crash happened. */
  public boolean fired() {
    return fired.get();
  }

  /** Where it crashes, for messages: {@code INSIDE_SINK_WRITE (report 2) of batch or version 3}. */
  @Override
  public String toString() {
    return point + (occurrence == 1 ? "" : " (report " + occurrence + ")")
        + (batchOrVersion == Long.MIN_VALUE ? "" : " of batch or version " + batchOrVersion);
  }

  @Override
  public void reached(FaultPoint reached, long id) {
    if (reached != point || (batchOrVersion != Long.MIN_VALUE && id != batchOrVersion)) {
      return;
    }
    if (seen.incrementAndGet() != occurrence || !fired.compareAndSet(false, true)) {
      return;
    }
    if (halt) {
      Runtime.getRuntime().halt(137);
    }
    throw new SimulatedCrash(reached, "batch or version " + id);
  }
}
