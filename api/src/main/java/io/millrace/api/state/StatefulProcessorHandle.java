package io.millrace.api.state;

import java.util.Iterator;

/**
 * What a {@link StatefulProcessor} keeps state and sets timers with (Spark's
 * {@code StatefulProcessorHandle}). State variables are declared by name in
 * {@link StatefulProcessor#init}, where, as in Spark, the getters declare and return null when the
 * engine plans the query, and return the variable when it runs a batch. Timers belong to the
 * grouping key being handled.
 */
public interface StatefulProcessorHandle {
  <T> ValueState<T> getValueState(String name, StateCodec<T> codec);

  <T> ListState<T> getListState(String name, StateCodec<T> codec);

  <K, V> MapState<K, V> getMapState(String name, StateCodec<K> keyCodec, StateCodec<V> valueCodec);

  /**
   * A value state whose value expires {@code ttl} after the batch that wrote it (see
   * {@link TTLConfig}); only under {@link TimeMode#PROCESSING_TIME}, and {@link TTLConfig#NONE}
   * is {@link #getValueState(String, StateCodec)}.
   */
  default <T> ValueState<T> getValueState(String name, StateCodec<T> codec, TTLConfig ttl) {
    if (ttl.isNone()) {
      return getValueState(name, codec);
    }
    throw new UnsupportedOperationException(getClass().getName() + " has no TTL");
  }

  /** A list state whose elements expire one by one, {@code ttl} after the batch that wrote each. */
  default <T> ListState<T> getListState(String name, StateCodec<T> codec, TTLConfig ttl) {
    if (ttl.isNone()) {
      return getListState(name, codec);
    }
    throw new UnsupportedOperationException(getClass().getName() + " has no TTL");
  }

  /** A map state whose entries expire one by one, {@code ttl} after the batch that wrote each. */
  default <K, V> MapState<K, V> getMapState(String name, StateCodec<K> keyCodec, StateCodec<V> valueCodec,
      TTLConfig ttl) {
    if (ttl.isNone()) {
      return getMapState(name, keyCodec, valueCodec);
    }
    throw new UnsupportedOperationException(getClass().getName() + " has no TTL");
  }

  /**
   * In {@link StatefulProcessor#init} only: deletes the checkpoint's state of variable
   * {@code name} when the query starts, if it has any (Spark's {@code deleteIfExists}). A variable
   * no longer declared is otherwise kept, untouched, and comes back if declared again. A name
   * cannot be both deleted and declared in one init.
   */
  default void deleteIfExists(String name) {
    throw new UnsupportedOperationException(getClass().getName() + " cannot delete state variables");
  }

  /**
   * Sets a timer of the current key to fire at {@code expiryTimestampMs}: when the watermark
   * reaches it (event time) or a batch's processing time does. Setting one the key has changes
   * nothing.
   */
  void registerTimer(long expiryTimestampMs);

  /** Removes a timer of the current key; removing one it does not have changes nothing. */
  void deleteTimer(long expiryTimestampMs);

  /** The current key's timers, earliest first. */
  Iterator<Long> listTimers();
}
