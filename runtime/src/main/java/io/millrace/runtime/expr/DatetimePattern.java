package io.millrace.runtime.expr;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Locale;

/**
 * A datetime pattern such as {@code yyyy-MM-dd HH:mm:ss.SSS}, read as Spark 3+ reads it for
 * {@code date_format}, {@code to_timestamp} and {@code unix_timestamp}: java.time's letters,
 * less those Spark refuses (week-based fields, {@code u}, {@code A}, {@code n}, {@code N},
 * {@code B}, {@code p}, five or more letters of a text field, seven or more {@code y}, and in
 * parsing {@code E}, {@code F}, {@code q} and {@code Q}); {@code y} is the proleptic year
 * (year 0 is 1 BC) unless the pattern has an era {@code G}; a run of {@code S} parses one to
 * that many digits of fraction; dates are checked strictly, so February 30 does not parse; the
 * zone is UTC unless the text names one. Formatters are built once, when an expression is bound.
 */
final class DatetimePattern {
  private static final String WEEK_BASED = "YWwuec";
  private static final String UNSUPPORTED = "AnNBp";
  private static final String UNSUPPORTED_IN_PARSING = "EFqQ";
  private static final String TEXT_FIELDS = "GMLEQq";
  /** Spark's session zone by its id, so that {@code z} writes {@code UTC}, not {@code Z}. */
  private static final ZoneId UTC = ZoneId.of("UTC");

  private DatetimePattern() {
  }

  /**
   * The formatter that writes an instant in UTC by {@code pattern}.
   *
   * @throws IllegalArgumentException when Spark would refuse the pattern
   */
  static DateTimeFormatter forFormatting(String pattern) {
    String javaPattern = check(pattern, false);
    try {
      return finish(new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern(javaPattern))
          .withZone(UTC);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * The formatter that reads text by {@code pattern}; {@link #parse} turns its result into micros.
   *
   * @throws IllegalArgumentException when Spark would refuse the pattern
   */
  static DateTimeFormatter forParsing(String pattern) {
    String javaPattern = check(pattern, true);
    DateTimeFormatterBuilder builder = new DateTimeFormatterBuilder().parseCaseInsensitive();
    StringBuilder plain = new StringBuilder();
    try {
      for (int i = 0; i < javaPattern.length(); ) {
        char c = javaPattern.charAt(i);
        if (c == '\'') {
          builder.appendPattern(plain.toString());
          plain.setLength(0);
          int close = quotedEnd(javaPattern, i);
          // Two quotes in a row, in or out of a quoted text, stand for one.
          builder.appendLiteral(close == i + 1 ? "'" : javaPattern.substring(i + 1, close).replace("''", "'"));
          i = close + 1;
        } else if (c == 'S') {
          builder.appendPattern(plain.toString());
          plain.setLength(0);
          int run = run(javaPattern, i);
          builder.appendFraction(ChronoField.NANO_OF_SECOND, 1, run, false);
          i += run;
        } else {
          plain.append(c);
          i++;
        }
      }
      builder.appendPattern(plain.toString());
      return finish(builder);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * The micros that {@code text} denotes by {@code parser} (from {@link #forParsing}), or null
   * when it does not parse. The whole text must match; fields it lacks take Spark's defaults:
   * 1970-01-01, midnight, UTC, and an hour without AM or PM is before noon.
   */
  static Long parse(DateTimeFormatter parser, String text) {
    try {
      TemporalAccessor parsed = parser.parse(text);
      ZoneId zone = parsed.query(TemporalQueries.zone());
      ZonedDateTime time = ZonedDateTime.of(date(parsed), time(parsed), zone == null ? ZoneOffset.UTC : zone);
      return Timestamps.micros(time.toInstant());
    } catch (DateTimeException | ArithmeticException e) {
      return null;
    }
  }

  private static DateTimeFormatter finish(DateTimeFormatterBuilder builder) {
    return builder.toFormatter(Locale.US)
        .withChronology(IsoChronology.INSTANCE)
        .withResolverStyle(ResolverStyle.STRICT);
  }

  /** The java.time pattern for Spark's {@code pattern}, after refusing what Spark refuses. */
  private static String check(String pattern, boolean parsing) {
    boolean hasEra = false;
    for (int i = 0; i < pattern.length(); ) {
      char c = pattern.charAt(i);
      if (c == '\'') {
        i = quotedEnd(pattern, i) + 1;
        continue;
      }
      int run = run(pattern, i);
      if (WEEK_BASED.indexOf(c) >= 0) {
        throw refused(c, "week-based fields and 'u' are not supported; use 'y' for the year and 'E' for the day of "
            + "the week");
      }
      if (UNSUPPORTED.indexOf(c) >= 0 || parsing && UNSUPPORTED_IN_PARSING.indexOf(c) >= 0) {
        throw refused(c, parsing ? "it cannot be used to parse text" : "it is not supported");
      }
      if (TEXT_FIELDS.indexOf(c) >= 0 && run >= 5 || c == 'y' && run >= 7) {
        throw new IllegalArgumentException("too many pattern letters '" + c + "': Spark takes at most "
            + (c == 'y' ? 6 : 4));
      }
      hasEra |= c == 'G';
      i += run;
    }
    return hasEra ? pattern : withProlepticYear(pattern);
  }

  /** {@code y} outside quotes replaced by java.time's proleptic year {@code u}, as Spark does. */
  private static String withProlepticYear(String pattern) {
    StringBuilder out = new StringBuilder(pattern.length());
    boolean quoted = false;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      quoted ^= c == '\'';
      out.append(!quoted && c == 'y' ? 'u' : c);
    }
    return out.toString();
  }

  private static IllegalArgumentException refused(char letter, String why) {
    return new IllegalArgumentException("pattern letter '" + letter + "' is refused, as Spark 3+ refuses it: " + why);
  }

  /** The index of the quote that closes the literal opening at {@code open}; {@code ''} is a quote. */
  private static int quotedEnd(String pattern, int open) {
    for (int i = open + 1; i < pattern.length(); i++) {
      if (pattern.charAt(i) == '\'') {
        if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '\'' && i != open + 1) {
          i++;
        } else {
          return i;
        }
      }
    }
    throw new IllegalArgumentException("the quote at position " + (open + 1) + " is never closed");
  }

  private static int run(String pattern, int start) {
    int end = start + 1;
    while (end < pattern.length() && pattern.charAt(end) == pattern.charAt(start)) {
      end++;
    }
    return end - start;
  }

  /** The date of parsed text, with Spark's defaults for missing fields. */
  private static LocalDate date(TemporalAccessor parsed) {
    LocalDate date = parsed.query(TemporalQueries.localDate());
    if (date != null) {
      return date;
    }
    int year = field(parsed, ChronoField.YEAR, 1970);
    if (parsed.isSupported(ChronoField.DAY_OF_YEAR)) {
      return LocalDate.ofYearDay(year, parsed.get(ChronoField.DAY_OF_YEAR));
    }
    return LocalDate.of(year, field(parsed, ChronoField.MONTH_OF_YEAR, 1), field(parsed, ChronoField.DAY_OF_MONTH, 1));
  }

  /** The time of parsed text, with Spark's defaults for missing fields. */
  private static LocalTime time(TemporalAccessor parsed) {
    LocalTime time = parsed.query(TemporalQueries.localTime());
    if (time != null) {
      return time;
    }
    int hour;
    if (parsed.isSupported(ChronoField.HOUR_OF_DAY)) {
      hour = parsed.get(ChronoField.HOUR_OF_DAY);
    } else if (parsed.isSupported(ChronoField.HOUR_OF_AMPM)) {
      hour = parsed.get(ChronoField.HOUR_OF_AMPM);
    } else {
      hour = parsed.isSupported(ChronoField.AMPM_OF_DAY) && parsed.get(ChronoField.AMPM_OF_DAY) == 1 ? 12 : 0;
    }
    return LocalTime.of(hour, field(parsed, ChronoField.MINUTE_OF_HOUR, 0), field(parsed, ChronoField.SECOND_OF_MINUTE, 0),
        field(parsed, ChronoField.NANO_OF_SECOND, 0));
  }

  private static int field(TemporalAccessor parsed, ChronoField field, int fallback) {
    return parsed.isSupported(field) ? parsed.get(field) : fallback;
  }
}
