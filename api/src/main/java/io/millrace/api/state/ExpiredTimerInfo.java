package io.millrace.api.state;

/** The timer that fired (Spark's {@code ExpiredTimerInfo}). */
public interface ExpiredTimerInfo {
  /** When it was set to fire, in milliseconds since the epoch. */
  long getExpiryTimeInMs();
}
