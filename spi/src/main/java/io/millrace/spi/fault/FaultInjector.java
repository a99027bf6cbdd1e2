package io.millrace.spi.fault;

/**
 * Called at each {@link FaultPoint} the code passes. In production it is {@link #NONE} and
 * costs one call; a test installs one that crashes at a chosen point (by throwing, or by
 * halting the JVM) and then restarts the engine to check what survived.
 */
@FunctionalInterface
public interface FaultInjector {

  /** Does nothing. */
  FaultInjector NONE = (point, batchOrVersion) -> {};

  /**
   * The code reached {@code point}.
   *
   * @param batchOrVersion the batch id at runtime points, the state version being committed
   *     inside a state store, or -1 where neither applies
   */
  void reached(FaultPoint point, long batchOrVersion);
}
