package io.millrace.api.state;

import java.util.Iterator;
import java.util.Map;

/**
 * A map per grouping key (Spark's {@code MapState}). Iteration follows the encoded map keys: the
 * same order on every store and every replay, though not the keys' natural order.
 */
public interface MapState<K, V> {
  boolean exists();

  /** The value of {@code key}, or null. */
  V getValue(K key);

  boolean containsKey(K key);

  /** Sets {@code key} to {@code value}; null keys and values are refused. */
  void updateValue(K key, V value);

  Iterator<Map.Entry<K, V>> iterator();

  Iterator<K> keys();

  Iterator<V> values();

  void removeKey(K key);

  void clear();
}
