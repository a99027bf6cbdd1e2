package io.millrace.api.plan;

import io.millrace.spi.data.TimestampText;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * How unresolved expressions print: the same SQL text the engine's expressions print, so that
 * a column's text is its default output name and parses back as SQL.
 */
final class SqlSpelling {
  /** Words SQL text reserves; a column with one of these names must be backquoted. */
  private static final Set<String> KEYWORDS = Set.of(
      "AND", "OR", "NOT", "IS", "NULL", "IN", "BETWEEN", "LIKE", "CASE", "WHEN", "THEN", "ELSE",
      "END", "CAST", "AS", "TRUE", "FALSE");

  private SqlSpelling() {}

  /** {@code name} as is when it is a plain identifier, else in backquotes. */
  static String identifier(String name) {
    return isPlainIdentifier(name) && !KEYWORDS.contains(name.toUpperCase(Locale.ROOT))
        ? name : "`" + name.replace("`", "``") + "`";
  }

  /** {@code value} as a single-quoted literal, doubling embedded quotes. */
  static String string(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  static void checkLiteral(Object value) {
    if (value == null || value instanceof Integer || value instanceof Short || value instanceof Byte
        || value instanceof Long || value instanceof Double || value instanceof Float || value instanceof Boolean
        || value instanceof String || value instanceof Character || value instanceof byte[]
        || value instanceof Instant || value instanceof java.math.BigDecimal || value instanceof java.time.LocalDate
        || value instanceof java.time.LocalDateTime) {
      return;
    }
    throw new IllegalArgumentException("cannot make a literal of " + value.getClass().getName() + "; supported: "
        + "Byte, Short, Integer, Long, Float, Double, BigDecimal, Boolean, String, byte[], Instant, LocalDate, "
        + "LocalDateTime");
  }

  static String literal(Object value) {
    if (value == null) {
      return "NULL";
    } else if (value instanceof String || value instanceof Character) {
      return string(value.toString());
    } else if (value instanceof Long) {
      return value + "L";
    } else if (value instanceof Boolean) {
      return (Boolean) value ? "TRUE" : "FALSE";
    } else if (value instanceof Instant) {
      return "TIMESTAMP " + string(TimestampText.format(micros((Instant) value)));
    } else if (value instanceof byte[]) {
      return "X'" + HexFormat.of().withUpperCase().formatHex((byte[]) value) + "'";
    } else if (value instanceof java.math.BigDecimal) {
      return ((java.math.BigDecimal) value).toPlainString();
    } else if (value instanceof java.time.LocalDate) {
      return "DATE " + string(value.toString());
    } else if (value instanceof java.time.LocalDateTime) {
      return "TIMESTAMP_NTZ " + string(TimestampText.format(micros(((java.time.LocalDateTime) value)
          .toInstant(java.time.ZoneOffset.UTC))));
    } else if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      return Double.isFinite(d) ? Double.toString(d) : "CAST(" + string(Double.toString(d)) + " AS DOUBLE)";
    }
    return String.valueOf(((Number) value).intValue());
  }

  private static long micros(Instant instant) {
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
  }

  private static boolean isPlainIdentifier(String name) {
    if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '_')) {
        return false;
      }
    }
    return true;
  }
}
