package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.StateStore.Presence;
import java.util.Iterator;
import java.util.Map;

/**
 * A map from rows to rows per grouping key, of the current key (as Spark's {@code MapState}).
 * Iteration is in the order of the encoded map keys: deterministic, the same on every store and
 * every replay, but not the numeric order of the key's values.
 */
public interface MapState {

  /** The value of {@code mapKey} under the current key, or null. */
  Row get(Row mapKey);

  boolean contains(Row mapKey);

  /** Sets {@code mapKey} to {@code value}; null keys and values are refused. */
  void put(Row mapKey, Row value);

  void remove(Row mapKey);

  /**
   * {@link #put}, from a caller that knows whether {@code mapKey} has a value now (an operator
   * that read the key's entries), passed on to the store so it need not look the key up to keep
   * its count ({@link Presence}). What is written is the same whatever it is told.
   */
  default void put(Row mapKey, Row value, Presence before) {
    put(mapKey, value);
  }

  /** {@link #remove} of an entry the caller knows is there, told to the store as {@link #put(Row, Row, Presence)} is. */
  default void remove(Row mapKey, Presence before) {
    remove(mapKey);
  }

  Iterator<Map.Entry<Row, Row>> iterator();

  Iterator<Row> keys();

  Iterator<Row> values();

  /** Whether the current key has any entry. */
  boolean exists();

  void clear();
}
