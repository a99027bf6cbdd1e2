package io.millrace.spi.source;

/** Promises a source makes; the runtime and the TCK hold it to each one it declares. */
public enum SourceCapability {
  /**
   * Reading {@code (start, end]} returns the same rows every time, on any new instance, for
   * as long as the offsets are retained. Exactly-once needs it.
   */
  REPLAYABLE,
  /** {@link Source#prepareForAvailableNow()} works, so the available-now trigger can stop. */
  AVAILABLE_NOW,
  /** {@link Source#latestOffset} honours the {@link ReadLimit} it is given. */
  RATE_LIMIT,
  /** Rows within one partition come in offset order. */
  ORDERED,
  /**
   * {@link Source#pruneColumns} is honoured: after it, {@link Source#schema()} and every row read
   * hold only the columns asked for. Added in SPI 1.5.
   */
  COLUMN_PRUNING
}
