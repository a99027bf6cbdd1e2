package io.millrace.plugins.trigger;

import io.millrace.spi.Options;
import java.time.Duration;

/** Reads a duration option that policies use as a whole, positive number of milliseconds. */
final class DurationOption {

  private DurationOption() {}

  /** The option {@code key} in milliseconds, or {@code defaultValue} if it is not set. */
  static long millis(Options options, String key, Duration defaultValue) {
    Duration value = options.getDuration(key, defaultValue);
    if (value.isNegative() || value.isZero() || value.toNanos() % 1_000_000 != 0) {
      throw options.invalid(key, options.get(key).orElse(defaultValue.toString()),
          "a positive whole number of milliseconds, such as '1 second' or '250ms'");
    }
    return value.toMillis();
  }

  /** The required option {@code key} in milliseconds. */
  static long requiredMillis(Options options, String key) {
    options.require(key);
    return millis(options, key, Duration.ZERO);
  }
}
