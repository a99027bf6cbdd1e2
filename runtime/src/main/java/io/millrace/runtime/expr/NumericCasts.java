package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import java.math.BigDecimal;

/**
 * Casts to and from the numeric types SPI 1.4 added — TINYINT, SMALLINT, FLOAT and DECIMAL —
 * with Spark's non-ANSI semantics: integral narrowing wraps, a fractional value is truncated
 * toward zero first, text out of a type's range is null, a decimal rounds half up to its
 * target's scale and is null when its digits do not fit, and a TIMESTAMP counts as its seconds
 * since the epoch.
 */
final class NumericCasts {
  private NumericCasts() {}

  /** The conversion of a non-null {@code from} value to TINYINT, SMALLINT, FLOAT or DECIMAL, or null when there is none. */
  static CastConversions.Conversion to(DataType from, DataType to) {
    switch (to.kind()) {
      case BYTE: return integral(from, Byte.MIN_VALUE, Byte.MAX_VALUE, v -> (byte) v);
      case SHORT: return integral(from, Short.MIN_VALUE, Short.MAX_VALUE, v -> (short) v);
      case FLOAT: return toFloat(from);
      case DECIMAL: return toDecimal(from, to);
      default: return null;
    }
  }

  /** A long narrowed to the target's Java type, wrapping. */
  private interface Narrowing {
    Object apply(long value);
  }

  private static CastConversions.Conversion integral(DataType from, long min, long max, Narrowing narrow) {
    switch (from.kind()) {
      case BOOLEAN: return (v, c) -> narrow.apply((Boolean) v ? 1 : 0);
      case BYTE: case SHORT: case INT: case LONG: return (v, c) -> narrow.apply(((Number) v).longValue());
      // A double narrows through INT, as the JVM's (and Scala's) conversions do.
      case FLOAT: case DOUBLE: return (v, c) -> narrow.apply((int) ((Number) v).doubleValue());
      case DECIMAL: return (v, c) -> narrow.apply(((BigDecimal) v).longValue());
      case STRING: return (v, c) -> {
        Long parsed = CastConversions.parseLong((String) v);
        return parsed == null || parsed < min || parsed > max ? null : narrow.apply(parsed);
      };
      case TIMESTAMP: return (v, c) -> {
        long seconds = Timestamps.seconds((Long) v);
        return seconds < min || seconds > max ? null : narrow.apply(seconds);
      };
      default: return null;
    }
  }

  private static CastConversions.Conversion toFloat(DataType from) {
    switch (from.kind()) {
      case BOOLEAN: return (v, c) -> (Boolean) v ? 1.0f : 0.0f;
      case BYTE: case SHORT: case INT: case LONG: case FLOAT: case DOUBLE: case DECIMAL:
        return (v, c) -> ((Number) v).floatValue();
      case STRING: return (v, c) -> {
        Double d = CastConversions.parseDouble((String) v);
        return d == null ? null : (float) (double) d;
      };
      case TIMESTAMP: return (v, c) -> (float) ((Long) v / (double) Timestamps.MICROS_PER_SECOND);
      default: return null;
    }
  }

  private static CastConversions.Conversion toDecimal(DataType from, DataType to) {
    switch (from.kind()) {
      case BOOLEAN: return (v, c) -> DecimalTypes.fit((Boolean) v ? BigDecimal.ONE : BigDecimal.ZERO, to);
      case BYTE: case SHORT: case INT: case LONG:
        return (v, c) -> DecimalTypes.fit(BigDecimal.valueOf(((Number) v).longValue()), to);
      // Through the double's shortest text, as Scala's BigDecimal(double) reads it: 2.675 is 2.675, not 2.67499..
      case FLOAT: case DOUBLE: return (v, c) -> {
        double d = ((Number) v).doubleValue();
        return Double.isNaN(d) || Double.isInfinite(d) ? null : DecimalTypes.fit(BigDecimal.valueOf(d), to);
      };
      case DECIMAL: return (v, c) -> DecimalTypes.fit((BigDecimal) v, to);
      case STRING: return (v, c) -> {
        BigDecimal parsed = parseDecimal((String) v);
        return parsed == null ? null : DecimalTypes.fit(parsed, to);
      };
      case TIMESTAMP: return (v, c) ->
          DecimalTypes.fit(BigDecimal.valueOf((Long) v).movePointLeft(6), to);
      default: return null;
    }
  }

  /** A decimal number from text, blanks around it ignored; null when it is not one. */
  static BigDecimal parseDecimal(String text) {
    String s = text.strip();
    if (s.isEmpty() || !Character.isDigit(s.charAt(s.length() - 1)) && s.charAt(s.length() - 1) != '.') {
      return null;
    }
    try {
      return new BigDecimal(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
