package io.millrace.tck;

import io.millrace.spi.fault.FaultPoint;

/**
 * Thrown at a {@link FaultPoint} to stand for the process dying there. An {@link Error}, so
 * plugin code that catches {@code Exception} cannot swallow it. After one, the suite drops
 * every instance of the plugin and continues with fresh ones, as a restarted process would.
 */
public final class SimulatedCrash extends Error {
  private static final long serialVersionUID = 1L;

  private final FaultPoint point;

  public SimulatedCrash(FaultPoint point, String where) {
    super("simulated crash at " + point + " (" + where + ")");
    this.point = point;
  }

  public FaultPoint point() {
    return point;
  }
}
