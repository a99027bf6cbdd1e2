package io.millrace.api.state;

/** One value per grouping key, of the key being handled (Spark's {@code ValueState}). */
public interface ValueState<T> {
  boolean exists();

  /** The key's value, or null when it has none. */
  T get();

  /** Sets the key's value; null is refused (use {@link #clear}). */
  void update(T value);

  void clear();
}
