package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import java.util.Iterator;
import java.util.List;

/**
 * A list of rows per grouping key, of the current key, in the order they were appended (as
 * Spark's {@code ListState}). Each element is an entry of its own, so appending reads and writes
 * no other element.
 */
public interface ListState {

  /** The current key's rows in append order; empty when it has none. */
  Iterator<Row> get();

  /** How many rows the current key has. */
  long size();

  /** Adds a row at the end; null is refused. */
  void append(Row value);

  void appendAll(List<Row> values);

  /** Replaces the current key's rows with {@code values}; an empty list clears them. */
  void put(List<Row> values);

  boolean exists();

  void clear();
}
