package io.millrace.source.file;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Locale;

/**
 * Turns timestamp text into microseconds since the epoch, UTC. The default reads ISO-8601 and
 * has an allocation-free fast path for the shape every baseline line has,
 * {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z}; anything else goes through {@link DateTimeFormatter}.
 */
abstract class TimestampParser {

  /** Microseconds since the epoch of {@code len} chars at {@code off}; throws java.time.DateTimeException. */
  abstract long parse(char[] text, int off, int len);

  long parse(String text) {
    return parse(text.toCharArray(), 0, text.length());
  }

  /** The default ISO-8601 parser, for one reader: it keeps the last minute it read, so no two threads share one. */
  static TimestampParser iso() {
    return new Iso();
  }

  /**
   * A parser for a {@link DateTimeFormatter} pattern; text without a zone or offset is UTC.
   *
   * @throws IllegalArgumentException if the pattern is not valid
   */
  static TimestampParser of(String pattern) {
    return new Pattern(DateTimeFormatter.ofPattern(pattern, Locale.ROOT).withZone(ZoneOffset.UTC));
  }

  static long micros(Instant instant) {
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
  }

  private static final class Pattern extends TimestampParser {
    private final DateTimeFormatter formatter;

    Pattern(DateTimeFormatter formatter) {
      this.formatter = formatter;
    }

    @Override
    long parse(char[] text, int off, int len) {
      return micros(Instant.from(formatter.parse(new String(text, off, len))));
    }
  }

  /**
   * ISO-8601, with the fast path below. A parser serves one reader, so it keeps the minute of the
   * last timestamp it read: a file's lines are mostly in time order, so most timestamps share the
   * previous one's {@code yyyy-MM-ddTHH:mm}, and only their seconds and fraction need reading.
   */
  private static final class Iso extends TimestampParser {
    private static final DateTimeFormatter SLOW = DateTimeFormatter.ISO_OFFSET_DATE_TIME;
    /** The length of {@code yyyy-MM-ddTHH:mm}. */
    private static final int MINUTE_CHARS = 16;

    /**
     * The text of the last minute read, and its microseconds since the epoch. Zeros until one is
     * read, which no text of the fast path's shape (a '-' at 4) can equal.
     */
    private final char[] minute = new char[MINUTE_CHARS];
    private long minuteMicros;

    @Override
    long parse(char[] t, int off, int len) {
      long fast = fast(t, off, len);
      if (fast != Long.MIN_VALUE) {
        return fast;
      }
      return micros(Instant.from(SLOW.parse(new String(t, off, len))));
    }

    /** The fast path, or Long.MIN_VALUE when the text is not in its one shape. */
    private long fast(char[] t, int o, int len) {
      if (len < 20 || t[o + 4] != '-' || t[o + 7] != '-' || t[o + 10] != 'T' || t[o + 13] != ':'
          || t[o + 16] != ':' || t[o + len - 1] != 'Z') {
        return Long.MIN_VALUE;
      }
      int second = digits(t, o + 17, 2);
      long fractionMicros = fractionMicros(t, o + 19, o + len - 1);
      if (second < 0 || second > 59 || fractionMicros < 0) {
        return Long.MIN_VALUE;
      }
      if (!Arrays.equals(t, o, o + MINUTE_CHARS, minute, 0, MINUTE_CHARS)) {
        long micros = minuteMicros(t, o);
        if (micros == Long.MIN_VALUE) {
          return Long.MIN_VALUE;
        }
        System.arraycopy(t, o, minute, 0, MINUTE_CHARS);
        minuteMicros = micros;
      }
      return minuteMicros + second * 1_000_000L + fractionMicros;
    }

    /** Microseconds since the epoch of {@code yyyy-MM-ddTHH:mm} at {@code o}; Long.MIN_VALUE if no such minute. */
    private static long minuteMicros(char[] t, int o) {
      int year = digits(t, o, 4);
      int month = digits(t, o + 5, 2);
      int day = digits(t, o + 8, 2);
      int hour = digits(t, o + 11, 2);
      int minute = digits(t, o + 14, 2);
      if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23
          || minute < 0 || minute > 59) {
        return Long.MIN_VALUE;
      }
      if (day > 28 && day > daysInMonth(year, month)) {
        return Long.MIN_VALUE;
      }
      long days = daysFromCivil(year, month, day);
      return (days * 86_400L + hour * 3_600L + minute * 60L) * 1_000_000L;
    }

    /** The fraction {@code [p, end)}, empty or {@code .f{1,9}}, in microseconds (truncated); -1 when it is neither. */
    private static long fractionMicros(char[] t, int p, int end) {
      if (p == end) {
        return 0;
      }
      if (t[p] != '.' || end - p - 1 < 1 || end - p - 1 > 9) {
        return -1;
      }
      long micros = 0;
      int digitsRead = 0;
      for (int i = p + 1; i < end; i++) {
        char c = t[i];
        if (c < '0' || c > '9') {
          return -1;
        }
        if (digitsRead < 6) {
          micros = micros * 10 + (c - '0');
        }
        digitsRead++;
      }
      for (int i = digitsRead; i < 6; i++) {
        micros *= 10;
      }
      return micros;
    }

    private static int digits(char[] t, int at, int n) {
      int v = 0;
      for (int i = at; i < at + n; i++) {
        char c = t[i];
        if (c < '0' || c > '9') {
          return -1;
        }
        v = v * 10 + (c - '0');
      }
      return v;
    }

    private static int daysInMonth(int year, int month) {
      if (month == 2) {
        boolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        return leap ? 29 : 28;
      }
      return (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31;
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
    private static long daysFromCivil(int y, int m, int d) {
      y -= m <= 2 ? 1 : 0;
      long era = (y >= 0 ? y : y - 399) / 400;
      long yoe = y - era * 400;
      long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
      long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
      return era * 146_097 + doe - 719_468;
    }
  }
}
