package io.millrace.source.file;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
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

  /** The default ISO-8601 parser. */
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

  private static final class Iso extends TimestampParser {
    private static final DateTimeFormatter SLOW = DateTimeFormatter.ISO_OFFSET_DATE_TIME;

    @Override
    long parse(char[] t, int off, int len) {
      long fast = fast(t, off, len);
      if (fast != Long.MIN_VALUE) {
        return fast;
      }
      return micros(Instant.from(SLOW.parse(new String(t, off, len))));
    }

    /** The fast path, or Long.MIN_VALUE when the text is not in its one shape. */
    private static long fast(char[] t, int o, int len) {
      if (len < 20 || t[o + 4] != '-' || t[o + 7] != '-' || t[o + 10] != 'T' || t[o + 13] != ':'
          || t[o + 16] != ':' || t[o + len - 1] != 'Z') {
        return Long.MIN_VALUE;
      }
      int year = digits(t, o, 4);
      int month = digits(t, o + 5, 2);
      int day = digits(t, o + 8, 2);
      int hour = digits(t, o + 11, 2);
      int minute = digits(t, o + 14, 2);
      int second = digits(t, o + 17, 2);
      if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23
          || minute < 0 || minute > 59 || second < 0 || second > 59) {
        return Long.MIN_VALUE;
      }
      long fractionMicros = 0;
      int end = o + len - 1;
      int p = o + 19;
      if (p < end) {
        if (t[p] != '.' || end - p - 1 < 1 || end - p - 1 > 9) {
          return Long.MIN_VALUE;
        }
        int digitsRead = 0;
        for (int i = p + 1; i < end; i++) {
          char c = t[i];
          if (c < '0' || c > '9') {
            return Long.MIN_VALUE;
          }
          if (digitsRead < 6) {
            fractionMicros = fractionMicros * 10 + (c - '0');
          }
          digitsRead++;
        }
        for (int i = digitsRead; i < 6; i++) {
          fractionMicros *= 10;
        }
      }
      if (day > 28 && day > daysInMonth(year, month)) {
        return Long.MIN_VALUE;
      }
      long days = daysFromCivil(year, month, day);
      return ((days * 86_400L + hour * 3_600L + minute * 60L + second) * 1_000_000L) + fractionMicros;
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
