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
