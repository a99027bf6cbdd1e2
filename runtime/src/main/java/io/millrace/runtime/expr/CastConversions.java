package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The value conversions behind {@code CAST}, with Spark's non-ANSI semantics: text that does
 * not parse becomes null, narrowing wraps or saturates as Java does, a TIMESTAMP converts to
 * and from numbers as seconds since the epoch (to INT only when the seconds fit), booleans
 * convert to and from 1 and 0, and a TIMESTAMP's text is {@link TimestampText}'s. One
 * conversion is chosen per cast when it is bound, so rows pay only for the conversion itself.
 */
final class CastConversions {

  /**
   * Converts a non-null value; returns null when the value has no counterpart. Only text read as
   * a TIMESTAMP looks at the context: a time without a date is on the batch's date.
   */
  @FunctionalInterface
  interface Conversion {
    Object apply(Object value, EvalContext context);
  }

  private CastConversions() {
  }

  /** The conversion from {@code from} to {@code to}, or null when Millrace cannot cast so. */
  static Conversion find(DataType from, DataType to) {
    if (from.kind() == DataType.Kind.STRUCT && to.kind() == DataType.Kind.STRING) {
      return structToString(from.fields());
    }
    if (ComplexCasts.isComplex(from) || ComplexCasts.isComplex(to)) {
      return ComplexCasts.find(from, to);
    }
    if (from.kind() == DataType.Kind.DATE && (to.isNumeric() || to.kind() == DataType.Kind.BOOLEAN)) {
      return (v, c) -> null; // Spark 4 (non-ANSI) casts a DATE to a number or a boolean as NULL
    }
    switch (to.kind()) {
      case BOOLEAN: return toBoolean(from.kind());
      case INT: return toInt(from.kind());
      case LONG: return toLong(from.kind());
      case DOUBLE: return toDouble(from.kind());
      case STRING: return toStringValue(from);
      case TIMESTAMP: return toTimestamp(from.kind());
      case BINARY: return toBinary(from.kind());
      case BYTE: case SHORT: case FLOAT: case DECIMAL: return NumericCasts.to(from, to);
      case DATE: case TIMESTAMP_NTZ: return TimeCasts.to(from, to);
      default: return null;
    }
  }

  /** Whether a conversion can turn a non-null value into null, which makes the cast nullable. */
  static boolean mayReturnNull(DataType from, DataType to) {
    DataType.Kind f = from.kind();
    DataType.Kind t = to.kind();
    return f == DataType.Kind.STRING && t != DataType.Kind.BINARY
        || (f == DataType.Kind.DOUBLE || f == DataType.Kind.FLOAT) && (t == DataType.Kind.TIMESTAMP || t == DataType.Kind.DECIMAL)
        || f == DataType.Kind.TIMESTAMP && (t == DataType.Kind.INT || t == DataType.Kind.SHORT || t == DataType.Kind.BYTE)
        || t == DataType.Kind.DECIMAL || f == DataType.Kind.DATE
        || ComplexCasts.isComplex(from) || ComplexCasts.isComplex(to);
  }

  private static Conversion toBoolean(DataType.Kind from) {
    switch (from) {
      case BYTE: case SHORT: case INT: return (v, c) -> ((Number) v).intValue() != 0;
      case FLOAT: return (v, c) -> (Float) v != 0.0f;
      case DECIMAL: return (v, c) -> ((java.math.BigDecimal) v).signum() != 0;
      case LONG: case TIMESTAMP: return (v, c) -> (Long) v != 0L;
      case DOUBLE: return (v, c) -> (Double) v != 0.0;
      case STRING: return (v, c) -> parseBoolean((String) v);
      default: return null;
    }
  }

  private static Conversion toInt(DataType.Kind from) {
    switch (from) {
      case BOOLEAN: return (v, c) -> (Boolean) v ? 1 : 0;
      case BYTE: case SHORT: return (v, c) -> ((Number) v).intValue();
      case LONG: return (v, c) -> (int) (long) (Long) v;
      case FLOAT: case DOUBLE: return (v, c) -> (int) ((Number) v).doubleValue();
      case DECIMAL: return (v, c) -> (int) ((java.math.BigDecimal) v).longValue();
      case STRING: return (v, c) -> parseInt((String) v);
      // Spark gives NULL, not a wrapped value, for seconds outside the INT range.
      case TIMESTAMP: return (v, c) -> secondsAsInt((Long) v);
      default: return null;
    }
  }

  private static Conversion toLong(DataType.Kind from) {
    switch (from) {
      case BOOLEAN: return (v, c) -> (Boolean) v ? 1L : 0L;
      case BYTE: case SHORT: case INT: return (v, c) -> ((Number) v).longValue();
      case FLOAT: case DOUBLE: return (v, c) -> (long) ((Number) v).doubleValue();
      case DECIMAL: return (v, c) -> ((java.math.BigDecimal) v).longValue();
      case STRING: return (v, c) -> parseLong((String) v);
      case TIMESTAMP: return (v, c) -> Timestamps.seconds((Long) v);
      default: return null;
    }
  }

  private static Conversion toDouble(DataType.Kind from) {
    switch (from) {
      case BOOLEAN: return (v, c) -> (Boolean) v ? 1.0 : 0.0;
      case BYTE: case SHORT: case INT: case LONG: case DECIMAL: return (v, c) -> ((Number) v).doubleValue();
      // The float's exact value, as Spark widens it: 0.1f is 0.10000000149011612.
      case FLOAT: return (v, c) -> (double) (Float) v;
      case STRING: return (v, c) -> parseDouble((String) v);
      case TIMESTAMP: return (v, c) -> (Long) v / (double) Timestamps.MICROS_PER_SECOND;
      default: return null;
    }
  }

  private static Conversion toStringValue(DataType fromType) {
    switch (fromType.kind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case FLOAT: case DOUBLE:
        return (v, c) -> String.valueOf(v);
      case DECIMAL: return (v, c) -> ((java.math.BigDecimal) v).toPlainString();
      case TIMESTAMP: case TIMESTAMP_NTZ: return (v, c) -> TimestampText.format((Long) v);
      case DATE: return (v, c) -> io.millrace.spi.data.TimestampText.formatDate((Integer) v);
      case BINARY: return (v, c) -> new String((byte[]) v, StandardCharsets.UTF_8);
      default: return null;
    }
  }

  private static Conversion toTimestamp(DataType.Kind from) {
    switch (from) {
      // Spark reads true as one microsecond after the epoch.
      case BOOLEAN: return (v, c) -> (Boolean) v ? 1L : 0L;
      // Seconds to micros saturates at the ends of the long range, as in Spark.
      case BYTE: case SHORT: case INT: case LONG: return (v, c) -> TimeUnit.SECONDS.toMicros(((Number) v).longValue());
      case FLOAT: case DOUBLE: return (v, c) -> doubleSecondsToMicros(((Number) v).doubleValue());
      case DECIMAL: return (v, c) -> ((java.math.BigDecimal) v).movePointRight(6).longValue();
      case DATE: return (v, c) -> TimeUnit.DAYS.toMicros((Integer) v);
      case TIMESTAMP_NTZ: return (v, c) -> v; // the wall clock read in the session zone, UTC
      case STRING: return (v, c) -> TimestampText.parse((String) v, c.batchTimestampMicros());
      default: return null;
    }
  }

  private static Conversion toBinary(DataType.Kind from) {
    switch (from) {
      case STRING: return (v, c) -> ((String) v).getBytes(StandardCharsets.UTF_8);
      // Spark writes integers big-endian, in as many bytes as the type has.
      case INT: return (v, c) -> ByteBuffer.allocate(Integer.BYTES).putInt((Integer) v).array();
      case LONG: return (v, c) -> ByteBuffer.allocate(Long.BYTES).putLong((Long) v).array();
      default: return null;
    }
  }

  /**
   * {@code {a, null, 2026-09-14 23:59:57.5}}: each field as its text, as Spark writes a struct.
   * The fields' conversions are chosen once, here.
   */
  private static Conversion structToString(Schema fields) {
    Conversion[] parts = new Conversion[fields.size()];
    for (int i = 0; i < parts.length; i++) {
      DataType type = fields.field(i).type();
      parts[i] = type.kind() == DataType.Kind.STRING ? (v, c) -> v : find(type, DataType.STRING);
      if (parts[i] == null) {
        return null;
      }
    }
    return (v, c) -> {
      Row row = (Row) v;
      StringBuilder text = new StringBuilder("{");
      for (int i = 0; i < parts.length; i++) {
        Object field = row.get(i);
        text.append(i == 0 ? "" : ", ").append(field == null ? "null" : parts[i].apply(field, c));
      }
      return text.append('}').toString();
    };
  }

  private static Integer secondsAsInt(long micros) {
    long seconds = Timestamps.seconds(micros);
    return seconds == (int) seconds ? (Integer) (int) seconds : null;
  }

  static Long doubleSecondsToMicros(double seconds) {
    return Double.isNaN(seconds) || Double.isInfinite(seconds)
        ? null : (long) (seconds * Timestamps.MICROS_PER_SECOND);
  }

  /**
   * Spark's accepted spellings of booleans, ignoring case and the blanks and control
   * characters around them.
   */
  static Boolean parseBoolean(String text) {
    int end = TimestampText.trimmedEnd(text);
    switch (text.substring(TimestampText.trimmedStart(text, end), end).toLowerCase(Locale.ROOT)) {
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
   * An integer from text, or null, as Spark reads it: blanks and control characters around it
   * are ignored, a sign may lead, and a fractional part of digits is dropped, so {@code "12.7"}
   * reads as 12 and {@code ".5"} as 0. A value out of range is null rather than wrapped.
   */
  static Long parseLong(String text) {
    int end = TimestampText.trimmedEnd(text);
    int i = TimestampText.trimmedStart(text, end);
    if (i == end) {
      return null;
    }
    boolean negative = text.charAt(i) == '-';
    if (negative || text.charAt(i) == '+') {
      if (++i == end) {
        return null;
      }
    }
    // Accumulated as a negative number, whose range holds Long.MIN_VALUE.
    long value = 0;
    for (; i < end && text.charAt(i) != '.'; i++) {
      int digit = text.charAt(i) - '0';
      if (digit < 0 || digit > 9 || value < (Long.MIN_VALUE + digit) / 10) {
        return null;
      }
      value = value * 10 - digit;
    }
    for (i++; i < end; i++) {
      if (text.charAt(i) < '0' || text.charAt(i) > '9') {
        return null;
      }
    }
    if (!negative && value == Long.MIN_VALUE) {
      return null;
    }
    return negative ? value : -value;
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
}
