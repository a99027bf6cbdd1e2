package io.millrace.api.state;

import java.util.Iterator;
import java.util.List;

/**
 * A list of values per grouping key, in the order they were appended (Spark's {@code ListState}).
 * Each element is kept apart, so appending reads and writes no other element.
 */
public interface ListState<T> {
  boolean exists();

  /** The key's values in order; empty when it has none. */
  Iterator<T> get();

  /** Replaces the key's values; an empty list or a null element is refused, as in Spark (use {@link #clear}). */
  void put(List<T> values);

  /** Adds a value at the end; null is refused. */
  void appendValue(T value);

  /** Adds values at the end; an empty list or a null element is refused, as in Spark. */
  void appendList(List<T> values);

  void clear();
}
