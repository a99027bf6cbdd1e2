package io.millrace.api.state;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a state variable's values live (Spark's {@code TTLConfig}): each value (list element,
 * map entry) expires {@code ttlDuration} after the processing time of the batch that wrote it,
 * and is then hidden from reads and removed at the end of a batch. Writes reset it, reads do not.
 * Only under {@link TimeMode#PROCESSING_TIME}. {@link #NONE} (a zero duration) means values never
 * expire.
 *
 * @param ttlDuration how long a value lives; zero for ever
 */
public record TTLConfig(Duration ttlDuration) {
  /** Values never expire. */
  public static final TTLConfig NONE = new TTLConfig(Duration.ZERO);

  public TTLConfig {
    Objects.requireNonNull(ttlDuration, "ttlDuration");
  }

  public static TTLConfig of(Duration ttlDuration) {
    return new TTLConfig(ttlDuration);
  }

  /** Whether values never expire. */
  public boolean isNone() {
    return ttlDuration.isZero();
  }
}
