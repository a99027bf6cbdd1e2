package io.millrace.runtime.expr;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Locale;

/**
 * TIMESTAMP arithmetic and text. A TIMESTAMP value is a long of microseconds since the epoch,
 * UTC; its text form is ISO-8601, such as {@code 2026-09-14T23:59:57.067Z}.
 */
final class Timestamps {
  static final long MICROS_PER_MILLI = 1_000L;
  static final long MICROS_PER_SECOND = 1_000_000L;
  static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
  static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;
  static final long MICROS_PER_DAY = 24 * MICROS_PER_HOUR;

  /**
   * Reads a date with an optional time and offset. The offset defaults to UTC; the time to
   * midnight. A space may stand for the {@code T}, as in SQL text.
   */
  private static final DateTimeFormatter LENIENT_ISO = new DateTimeFormatterBuilder()
      .parseCaseInsensitive()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart()
      .appendLiteral('T')
      .append(DateTimeFormatter.ISO_LOCAL_TIME)
      .optionalStart()
      .appendOffset("+HH:MM:ss", "Z")
      .optionalEnd()
      .optionalEnd()
      .toFormatter()
      // STRICT so that 2026-02-30 is rejected rather than moved to the 28th.
      .withResolverStyle(ResolverStyle.STRICT);

  private Timestamps() {
  }

  /**
   * A formatter for a java.time pattern such as {@code yyyy-MM-dd HH:mm:ss}, in UTC unless the
   * text names a zone or offset. Month and day names are English and read ignoring case.
   *
   * @throws IllegalArgumentException when the pattern is not valid
   */
  static DateTimeFormatter formatter(String pattern) {
    return new DateTimeFormatterBuilder()
        .parseCaseInsensitive()
        .appendPattern(pattern)
        .toFormatter(Locale.US)
        .withZone(ZoneOffset.UTC);
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

  /** Whole seconds since the epoch, rounding toward negative infinity like Spark. */
  static long seconds(long micros) {
    return Math.floorDiv(micros, MICROS_PER_SECOND);
  }

  /** ISO-8601 in UTC, e.g. {@code 2026-09-14T23:59:57.067Z}. */
  static String format(long micros) {
    return instant(micros).toString();
  }

  /** The micros that {@code text} denotes, or null when it is not an ISO-8601 date-time. */
  static Long parse(String text) {
    String trimmed = text.trim();
    if (trimmed.length() > 10 && trimmed.charAt(10) == ' ') {
      trimmed = trimmed.substring(0, 10) + 'T' + trimmed.substring(11);
    }
    try {
      return toMicros(LENIENT_ISO.parse(trimmed));
    } catch (DateTimeException | ArithmeticException e) {
      return null;
    }
  }

  /**
   * The micros of a parsed value. Fields the text did not give take the defaults Spark uses:
   * 1970-01-01 for the date, midnight for the time, UTC for the zone.
   */
  static long toMicros(TemporalAccessor parsed) {
    LocalDate date = parsed.query(TemporalQueries.localDate());
    if (date == null) {
      // A pattern such as "yyyy-MM" gives some date fields but no full date.
      date = LocalDate.of(field(parsed, ChronoField.YEAR, 1970),
          field(parsed, ChronoField.MONTH_OF_YEAR, 1), field(parsed, ChronoField.DAY_OF_MONTH, 1));
    }
    LocalTime time = parsed.query(TemporalQueries.localTime());
    // The offset first: a formatter's override zone would otherwise hide an offset in the text.
    ZoneId zone = parsed.query(TemporalQueries.offset());
    if (zone == null) {
      zone = parsed.query(TemporalQueries.zone());
    }
    Instant instant = date
        .atTime(time == null ? LocalTime.MIDNIGHT : time)
        .atZone(zone == null ? ZoneOffset.UTC : zone)
        .toInstant();
    return micros(instant);
  }

  private static int field(TemporalAccessor parsed, ChronoField field, int fallback) {
    return parsed.isSupported(field) ? parsed.get(field) : fallback;
  }
}
