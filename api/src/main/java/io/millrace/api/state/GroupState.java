package io.millrace.api.state;

import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * One key's state in a {@code flatMapGroupsWithState} or {@code mapGroupsWithState} call
 * (Spark's {@code GroupState}): the value kept for the key, and its timeout. A new one is made
 * for every call, so the timeout is unset at the start of each call: a key keeps a timeout only
 * if every call sets it again (as in Spark). Changes are written once the call's output
 * iterator has been consumed.
 *
 * @param <S> the state's type
 */
public interface GroupState<S> {
  /** Whether the key has a value. */
  boolean exists();

  /**
   * The key's value.
   *
   * @throws NoSuchElementException "State is either not defined or has already been removed"
   *     when there is none
   */
  S get();

  /** The key's value, if it has one. */
  Optional<S> getOption();

  /**
   * Sets the key's value.
   *
   * @throws IllegalArgumentException for null ("'null' is not a valid state value")
   */
  void update(S newState);

  /** Removes the key's value; the key's row goes too unless a timeout is set in this call. */
  void remove();

  /** Whether this call is the key's timeout firing (then with no rows). */
  boolean hasTimedOut();

  /**
   * Under {@link GroupStateTimeout#PROCESSING_TIME_TIMEOUT}, times the key out once processing
   * time passes this batch's time plus {@code durationMs}.
   *
   * @throws UnsupportedOperationException under another timeout kind
   * @throws IllegalArgumentException when not positive
   */
  void setTimeoutDuration(long durationMs);

  /** {@link #setTimeoutDuration(long)} with a duration such as {@code "10 seconds"}. */
  void setTimeoutDuration(String duration);

  /**
   * Under {@link GroupStateTimeout#EVENT_TIME_TIMEOUT}, times the key out once the watermark
   * passes {@code timestampMs} (strictly: the timeout fires in the first batch whose watermark
   * is greater).
   *
   * @throws UnsupportedOperationException under another timeout kind
   * @throws IllegalArgumentException when not positive or earlier than the current watermark
   */
  void setTimeoutTimestamp(long timestampMs);

  /** {@link #setTimeoutTimestamp(long)} at {@code timestampMs} plus a duration such as {@code "1 hour"}. */
  void setTimeoutTimestamp(long timestampMs, String additionalDuration);

  /**
   * This batch's event-time watermark in ms (0 in the first batch).
   *
   * @throws UnsupportedOperationException when the input has no watermark
   */
  long getCurrentWatermarkMs();

  /** This batch's processing time in ms. */
  long getCurrentProcessingTimeMs();
}
