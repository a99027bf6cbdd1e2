package io.millrace.runtime.state;

import io.millrace.api.state.GroupState;
import io.millrace.api.state.GroupStateTimeout;
import io.millrace.spi.Options;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * One call's {@link GroupState}, as Spark 4.0.1's {@code GroupStateImpl}: made for every call
 * with no timeout set, it records what the function did for {@link GroupsWithStateProcessor} to
 * write once the call's output has been consumed. Errors carry Spark's texts.
 */
final class GroupStateImpl<S> implements GroupState<S> {
  /** Spark's NO_TIMESTAMP: no timeout. */
  static final long NO_TIMESTAMP = -1L;

  private final GroupStateTimeout timeout;
  private final boolean timedOut;
  private final long batchProcessingTimeMs;
  /** This batch's watermark in ms; meaningful only when {@code watermarkPresent}. */
  private final long watermarkMs;
  private final boolean watermarkPresent;
  private S value;
  private boolean defined;
  private boolean updated;
  private boolean removed;
  private long timeoutTimestamp = NO_TIMESTAMP;

  GroupStateImpl(S value, GroupStateTimeout timeout, boolean timedOut, long batchProcessingTimeMs, long watermarkMs,
      boolean watermarkPresent) {
    this.value = value;
    this.defined = value != null;
    this.timeout = timeout;
    this.timedOut = timedOut;
    this.batchProcessingTimeMs = batchProcessingTimeMs;
    this.watermarkMs = watermarkMs;
    this.watermarkPresent = watermarkPresent;
  }

  @Override
  public boolean exists() {
    return defined;
  }

  @Override
  public S get() {
    if (!defined) {
      throw new NoSuchElementException("State is either not defined or has already been removed");
    }
    return value;
  }

  @Override
  public Optional<S> getOption() {
    return defined ? Optional.of(value) : Optional.empty();
  }

  @Override
  public void update(S newState) {
    if (newState == null) {
      throw new IllegalArgumentException("'null' is not a valid state value");
    }
    value = newState;
    defined = true;
    updated = true;
    removed = false;
  }

  @Override
  public void remove() {
    value = null;
    defined = false;
    updated = false;
    removed = true;
  }

  @Override
  public boolean hasTimedOut() {
    return timedOut;
  }

  @Override
  public void setTimeoutDuration(long durationMs) {
    if (timeout != GroupStateTimeout.PROCESSING_TIME_TIMEOUT) {
      throw new GroupStateUnsupportedException("Cannot set timeout duration without enabling processing time timeout"
          + " in [map|flatMap]GroupsWithState.");
    }
    if (durationMs <= 0) {
      throw new IllegalArgumentException("Timeout duration must be positive");
    }
    timeoutTimestamp = durationMs + batchProcessingTimeMs;
  }

  @Override
  public void setTimeoutDuration(String duration) {
    setTimeoutDuration(parseDuration(duration));
  }

  @Override
  public void setTimeoutTimestamp(long timestampMs) {
    checkTimeoutTimestampAllowed();
    if (timestampMs <= 0) {
      throw new IllegalArgumentException("Timeout timestamp must be positive");
    }
    if (watermarkPresent && timestampMs < watermarkMs) {
      throw new IllegalArgumentException("Timeout timestamp (" + timestampMs + ") cannot be earlier than the current"
          + " watermark (" + watermarkMs + ")");
    }
    timeoutTimestamp = timestampMs;
  }

  @Override
  public void setTimeoutTimestamp(long timestampMs, String additionalDuration) {
    checkTimeoutTimestampAllowed();
    setTimeoutTimestamp(parseDuration(additionalDuration) + timestampMs);
  }

  @Override
  public long getCurrentWatermarkMs() {
    if (!watermarkPresent) {
      throw new GroupStateUnsupportedException("Cannot get event time watermark timestamp without setting watermark"
          + " before [map|flatMap]GroupsWithState.");
    }
    return watermarkMs;
  }

  @Override
  public long getCurrentProcessingTimeMs() {
    return batchProcessingTimeMs;
  }

  @Override
  public String toString() {
    return "GroupState(" + (defined ? String.valueOf(value) : "<undefined>") + ")";
  }

  boolean isUpdated() {
    return updated;
  }

  boolean isRemoved() {
    return removed;
  }

  /** The timeout set in this call, or {@link #NO_TIMESTAMP}. */
  long timeoutTimestamp() {
    return timeoutTimestamp;
  }

  private void checkTimeoutTimestampAllowed() {
    if (timeout != GroupStateTimeout.EVENT_TIME_TIMEOUT) {
      throw new GroupStateUnsupportedException("Cannot set timeout timestamp without enabling event time timeout in"
          + " [map|flatMapGroupsWithState.");
    }
  }

  /** A duration such as "10 seconds" in ms; Spark parses an interval, and refuses a negative one. */
  private static long parseDuration(String duration) {
    if (duration != null && duration.trim().startsWith("-")) {
      throw new IllegalArgumentException("Provided duration (" + duration + ") is negative");
    }
    return Options.parseDuration(duration).toMillis();
  }

  /**
   * A misuse of the state API that Spark reports as its own error (not wrapped as the user
   * function's): a timeout of the wrong kind, or the watermark without one.
   */
  static final class GroupStateUnsupportedException extends UnsupportedOperationException {
    GroupStateUnsupportedException(String message) {
      super(message);
    }
  }
}
