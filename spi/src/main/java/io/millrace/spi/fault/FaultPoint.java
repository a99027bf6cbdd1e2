package io.millrace.spi.fault;

/**
 * Named points of the batch protocol where a test may crash the engine, to prove that a
 * restart recovers. The runtime passes the points it owns; plugins pass the ones inside them.
 */
public enum FaultPoint {
  /** The runtime is about to write {@code offsets/N}. */
  BEFORE_OFFSET_LOG_WRITE,
  /** {@code offsets/N} is durable; the batch has not run. */
  AFTER_OFFSET_LOG_WRITE,
  /** Inside the sink's {@code addBatch}: some of the batch may have been written (passed by sinks). */
  INSIDE_SINK_WRITE,
  /** The sink's {@code addBatch} returned; {@code commits/N} is not written. */
  AFTER_SINK_WRITE,
  /** The runtime is about to write {@code commits/N}. */
  BEFORE_COMMIT_LOG,
  /** Inside a state store's commit, after its files are written and before they are published (passed by state stores). */
  INSIDE_STATE_COMMIT,
  /** Inside a state store's maintenance (passed by state stores). */
  DURING_MAINTENANCE,
  /**
   * Retention, after {@code offsets/N} is written: the {@code offsets/} entries below the
   * retained range are deleted, their {@code commits/} entries not yet (SPI 1.2).
   */
  DURING_LOG_PURGE
}
