package io.millrace.plugins.source;

/**
 * When each row of the {@code rate} source is due. Row {@code i} has the value {@code i} and
 * the timestamp {@code startMicros + i * 1_000_000 / rowsPerSecond}, and it becomes available
 * once the clock has passed that timestamp, so a batch never holds a row from the future.
 *
 * <p>Everything is integer arithmetic split into whole seconds and remainders, which does not
 * overflow for any rate up to about 9 million million rows a second.
 */
record RateSchedule(long startMicros, long rowsPerSecond) implements java.io.Serializable {
  private static final long MICROS_PER_SECOND = 1_000_000;

  RateSchedule {
    if (rowsPerSecond < 1) {
      throw new IllegalArgumentException("rowsPerSecond must be positive, got " + rowsPerSecond);
    }
  }

  /** The timestamp of row {@code row}, in microseconds since the epoch. */
  long timestampMicros(long row) {
    long wholeSeconds = row / rowsPerSecond;
    long rest = row % rowsPerSecond;
    return startMicros + Math.multiplyExact(wholeSeconds, MICROS_PER_SECOND) + Math.multiplyExact(rest, MICROS_PER_SECOND) / rowsPerSecond;
  }

  /** How many rows are due at {@code nowMicros}: those whose timestamp is before it. */
  long rowsDueAt(long nowMicros) {
    long elapsed = nowMicros - startMicros;
    if (elapsed <= 0) {
      return 0;
    }
    long wholeSeconds = elapsed / MICROS_PER_SECOND;
    long rest = elapsed % MICROS_PER_SECOND;
    return Math.multiplyExact(wholeSeconds, rowsPerSecond) + Math.multiplyExact(rest, rowsPerSecond) / MICROS_PER_SECOND;
  }
}
