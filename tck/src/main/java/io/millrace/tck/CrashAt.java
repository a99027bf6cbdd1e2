package io.millrace.tck;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link FaultInjector} that crashes once, the first time the code reaches a given point
 * (optionally for a given batch or version): by throwing {@link SimulatedCrash}, or, in a
 * forked JVM, by {@code Runtime.halt}. Like a real crash it fires once; the restarted code
 * passes the point freely.
 */
public final class CrashAt implements FaultInjector {
  private final FaultPoint point;
  private final long batchOrVersion;
  private final boolean halt;
  private final AtomicBoolean fired = new AtomicBoolean();

  private CrashAt(FaultPoint point, long batchOrVersion, boolean halt) {
    this.point = point;
    this.batchOrVersion = batchOrVersion;
    this.halt = halt;
  }

  /** Throws {@link SimulatedCrash} at the first time {@code point} is reached. */
  public static CrashAt point(FaultPoint point) {
    return new CrashAt(point, Long.MIN_VALUE, false);
  }

  /** Throws {@link SimulatedCrash} when {@code point} is reached for batch or version {@code id}. */
  public static CrashAt point(FaultPoint point, long id) {
    return new CrashAt(point, id, false);
  }

  /** Halts the JVM with exit code 137 when {@code point} is reached for {@code id}; for forked JVMs. */
  public static CrashAt haltAt(FaultPoint point, long id) {
    return new CrashAt(point, id, true);
  }

  /** Whether the crash happened. */
  public boolean fired() {
    return fired.get();
  }

  @Override
  public void reached(FaultPoint reached, long id) {
    if (reached != point || (batchOrVersion != Long.MIN_VALUE && id != batchOrVersion)) {
      return;
    }
    if (!fired.compareAndSet(false, true)) {
      return;
    }
    if (halt) {
      Runtime.getRuntime().halt(137);
    }
    throw new SimulatedCrash(reached, "batch or version " + id);
  }
}
