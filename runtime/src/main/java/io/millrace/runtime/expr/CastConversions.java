package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The value conversions behind {@code CAST}, with Spark's non-ANSI semantics: text that does
 * not parse becomes null, narrowing wraps or saturates as Java does, a TIMESTAMP converts to
 * and from numbers as seconds since the epoch, and booleans convert to and from 1 and 0. One
 * conversion is chosen per cast when it is bound, so rows pay only for the conversion itself.
 */
final class CastConversions {

  /** Converts a non-null value; returns null when the value has no counterpart. */
  @FunctionalInterface
  interface Conversion {
    Object apply(Object value);
  }

  private CastConversions() {
  }

  /** The conversion from {@code from} to {@code to}, or null when Millrace cannot cast so. */
  static Conversion find(DataType from, DataType to) {
    if (from.kind() == DataType.Kind.STRUCT || to.kind() == DataType.Kind.STRUCT) {
      return null;
    }
    switch (to.kind()) {
      case BOOLEAN: return toBoolean(from.kind());
      case INT: return toInt(from.kind());
      case LONG: return toLong(from.kind());
      case DOUBLE: return toDouble(from.kind());
      case STRING: return toStringValue(from.kind());
      case TIMESTAMP: return toTimestamp(from.kind());
      case BINARY: return toBinary(from.kind());
      default: return null;
    }
  }

  /** Whether a conversion can turn a non-null value into null, which makes the cast nullable. */
  static boolean mayReturnNull(DataType from, DataType to) {
    return from.kind() == DataType.Kind.STRING && to.kind() != DataType.Kind.BINARY
        || from.kind() == DataType.Kind.DOUBLE && to.kind() == DataType.Kind.TIMESTAMP;
  }

  private static Conversion toBoolean(DataType.Kind from) {
    switch (from) {
      case INT: return v -> (Integer) v != 0;
      case LONG: case TIMESTAMP: return v -> (Long) v != 0L;
      case DOUBLE: return v -> (Double) v != 0.0;
      case STRING: return v -> parseBoolean((String) v);
      default: return null;
    }
  }

  private static Conversion toInt(DataType.Kind from) {
    switch (from) {
      case BOOLEAN: return v -> (Boolean) v ? 1 : 0;
      case LONG: return v -> (int) (long) (Long) v;
      case DOUBLE: return v -> (int) (double) (Double) v;
      case STRING: return v -> parseInt((String) v);
      case TIMESTAMP: return v -> (int) Timestamps.seconds((Long) v);
      default: return null;
    }
  }

  private static Conversion toLong(DataType.Kind from) {
    switch (from) {
      case BOOLEAN: return v -> (Boolean) v ? 1L : 0L;
      case INT: return v -> (long) (Integer) v;
      case DOUBLE: return v -> (long) (double) (Double) v;
      case STRING: return v -> parseLong((String) v);
      case TIMESTAMP: return v -> Timestamps.seconds((Long) v);
      default: return null;
    }
  }

  private static Conversion toDouble(DataType.Kind from) {
    switch (from) {
      case BOOLEAN: return v -> (Boolean) v ? 1.0 : 0.0;
      case INT: return v -> (double) (Integer) v;
      case LONG: return v -> (double) (Long) v;
      case STRING: return v -> parseDouble((String) v);
      case TIMESTAMP: return v -> (Long) v / (double) Timestamps.MICROS_PER_SECOND;
      default: return null;
    }
  }

  private static Conversion toStringValue(DataType.Kind from) {
    switch (from) {
      case BOOLEAN: case INT: case LONG: case DOUBLE: return String::valueOf;
      case TIMESTAMP: return v -> Timestamps.format((Long) v);
      case BINARY: return v -> new String((byte[]) v, StandardCharsets.UTF_8);
      default: return null;
    }
  }

  private static Conversion toTimestamp(DataType.Kind from) {
    switch (from) {
      // Spark reads true as one microsecond after the epoch.
      case BOOLEAN: return v -> (Boolean) v ? 1L : 0L;
      // Seconds to micros saturates at the ends of the long range, as in Spark.
      case INT: return v -> TimeUnit.SECONDS.toMicros((Integer) v);
      case LONG: return v -> TimeUnit.SECONDS.toMicros((Long) v);
      case DOUBLE: return v -> doubleSecondsToMicros((Double) v);
      case STRING: return v -> Timestamps.parse((String) v);
      default: return null;
    }
  }

  private static Conversion toBinary(DataType.Kind from) {
    switch (from) {
      case STRING: return v -> ((String) v).getBytes(StandardCharsets.UTF_8);
      // Spark writes integers big-endian, in as many bytes as the type has.
      case INT: return v -> ByteBuffer.allocate(Integer.BYTES).putInt((Integer) v).array();
      case LONG: return v -> ByteBuffer.allocate(Long.BYTES).putLong((Long) v).array();
      default: return null;
    }
  }

  static Long doubleSecondsToMicros(double seconds) {
    return Double.isNaN(seconds) || Double.isInfinite(seconds)
        ? null : (long) (seconds * Timestamps.MICROS_PER_SECOND);
  }

  /** Spark's accepted spellings of booleans, ignoring case and surrounding blanks. */
  static Boolean parseBoolean(String text) {
    switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "t": case "true": case "y": case "yes": case "1": return Boolean.TRUE;
      case "f": case "false": case "n": case "no": case "0": return Boolean.FALSE;
      default: return null;
    }
  }

  static Integer parseInt(String text) {
    Long value = parseLong(text);
    return value == null || value != value.intValue() ? null : value.intValue();
  }

  /**
   * An integer from text, or null. Like Spark, a fractional part is dropped, so {@code "12.7"}
   * reads as 12, and a value out of range is null rather than wrapped.
   */
  static Long parseLong(String text) {
    String s = text.trim();
    int dot = s.indexOf('.');
    String integral = dot < 0 ? s : s.substring(0, dot);
    int firstDigit = integral.startsWith("+") || integral.startsWith("-") ? 1 : 0;
    boolean wellFormed = integral.length() > firstDigit && allDigits(integral, firstDigit)
        && (dot < 0 || allDigits(s, dot + 1));
    if (!wellFormed) {
      return null;
    }
    try {
      return Long.parseLong(integral);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** A double from text as Java reads it, plus Spark's {@code inf} and {@code nan} spellings. */
  static Double parseDouble(String text) {
    String s = text.trim();
    try {
      return Double.parseDouble(s);
    } catch (NumberFormatException e) {
      switch (s.toLowerCase(Locale.ROOT)) {
        case "inf": case "+inf": case "infinity": case "+infinity": return Double.POSITIVE_INFINITY;
        case "-inf": case "-infinity": return Double.NEGATIVE_INFINITY;
        case "nan": return Double.NaN;
        default: return null;
      }
    }
  }

  private static boolean allDigits(String s, int from) {
    for (int i = from; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
