package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;

/** One row per grouping key, of the current key (as Spark's {@code ValueState}). */
public interface ValueState {

  /** The current key's row, or null when it has none. */
  Row get();

  /** Sets the current key's row; null is refused (use {@link #clear}). */
  void update(Row value);

  boolean exists();

  void clear();
}
