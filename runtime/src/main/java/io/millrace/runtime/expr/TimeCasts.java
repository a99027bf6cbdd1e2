package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.DateText;

/**
 * Casts to DATE and TIMESTAMP_NTZ with Spark's semantics in the session time zone, which for
 * Millrace is UTC: a timestamp's date is its UTC date, a date's timestamp its midnight, and a
 * TIMESTAMP and a TIMESTAMP_NTZ of the same micros read the same wall clock.
 */
final class TimeCasts {
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private TimeCasts() {}

  /** The conversion of a non-null {@code from} value to DATE or TIMESTAMP_NTZ, or null when there is none. */
  static CastConversions.Conversion to(DataType from, DataType to) {
    return to.kind() == DataType.Kind.DATE ? toDate(from.kind()) : toWallClock(from.kind());
  }

  private static CastConversions.Conversion toDate(DataType.Kind from) {
    switch (from) {
      case DATE: return (v, c) -> v;
      case STRING: return (v, c) -> DateText.parse((String) v);
      case TIMESTAMP: case TIMESTAMP_NTZ: return (v, c) -> (int) Math.floorDiv((Long) v, MICROS_PER_DAY);
      default: return null;
    }
  }

  private static CastConversions.Conversion toWallClock(DataType.Kind from) {
    switch (from) {
      case TIMESTAMP_NTZ: case TIMESTAMP: return (v, c) -> v;
      case DATE: return (v, c) -> (Integer) v * MICROS_PER_DAY;
      case STRING: return (v, c) -> TimestampText.parseWallClock((String) v, c.batchTimestampMicros());
      default: return null;
    }
  }
}
