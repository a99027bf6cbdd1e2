package io.millrace.runtime.expr;

import java.time.Instant;

/**
 * TIMESTAMP arithmetic. A TIMESTAMP value is a long of microseconds since the epoch, UTC; its
 * text forms are {@link TimestampText}'s.
 */
final class Timestamps {
  static final long MICROS_PER_MILLI = 1_000L;
  static final long MICROS_PER_SECOND = 1_000_000L;
  static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
  static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;
  static final long MICROS_PER_DAY = 24 * MICROS_PER_HOUR;

  private Timestamps() {
  }

  /** @throws ArithmeticException when the instant is outside the range of a long of micros */
  static long micros(Instant instant) {
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), MICROS_PER_SECOND),
        instant.getNano() / 1_000);
  }

  static Instant instant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, MICROS_PER_SECOND), Math.floorMod(micros, MICROS_PER_SECOND) * 1_000);
  }

  /** Whole seconds since the epoch, rounding toward negative infinity, as a cast does in Spark. */
  static long seconds(long micros) {
    return Math.floorDiv(micros, MICROS_PER_SECOND);
  }
}
