package io.millrace.runtime.expr;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A TIMESTAMP as text, the way Spark's non-ANSI casts write and read it in the session time
 * zone, which in Millrace is always UTC. Written as the SPI's
 * {@link io.millrace.spi.data.TimestampText} writes it, so a cast and {@code show()} agree. Read: Spark's forms, from {@code 2026} through
 * {@code 2026-09-14T23:59:57.067891+02:00}; see {@link #parse(String, long)}. Both work on the
 * characters directly, without a formatter or a pattern, since casts run once per row.
 */
final class TimestampText {
  /** Index of each part of the text in the array of parsed fields. */
  private static final int YEAR = 0;
  private static final int MONTH = 1;
  private static final int DAY = 2;
  private static final int HOUR = 3;
  private static final int MINUTE = 4;
  private static final int SECOND = 5;
  private static final int FRACTION = 6;
  private static final int AFTER_FRACTION = 7;

  private static final int FRACTION_DIGITS = 6;

  private TimestampText() {
  }

  /** {@code 2026-09-15 00:42:04.508}: the instant in UTC, as Spark writes it. */
  static String format(long micros) {
    return io.millrace.spi.data.TimestampText.format(micros);
  }

  /**
   * The micros that {@code text} denotes, or null when it is no timestamp, by Spark's rules:
   * blanks and control characters around it are ignored; then come {@code [+-]yyyy[-[m]m[-[d]d]]}
   * with 4 to 6 digits of year, optionally {@code ' '} or {@code 'T'} and
   * {@code [h]h[:[m]m[:[s]s[.fraction]]]} (digits of the fraction after the sixth are dropped),
   * optionally a zone right after the seconds: {@code Z}, {@code UTC}, {@code +02:00},
   * {@code +2}, {@code GMT+02:00}, {@code Europe/Paris} or a short id such as {@code PST}. The
   * time alone ({@code 23:59:57} or {@code T23:59:57}) is on the date that
   * {@code nowMicros} has in the text's zone: for Millrace the batch's date, where Spark takes
   * the wall clock's. Without a zone the text is in UTC.
   */
  static Long parse(String text, long nowMicros) {
    return parse(text, nowMicros, true, false);
  }

  /** As {@link #parse(String, long)}, but the text must give a date, as a literal's must. */
  static Long parseWithDate(String text) {
    return parse(text, 0L, false, false);
  }

  /**
   * A TIMESTAMP_NTZ: the wall clock {@code text} gives, as micros since 1970-01-01T00:00, read
   * as {@link #parse(String, long)} reads it but with any zone checked and then ignored, as
   * Spark's cast to TIMESTAMP_NTZ does.
   */
  static Long parseWallClock(String text, long nowMicros) {
    return parse(text, nowMicros, true, true);
  }

  /** As {@link #parseWallClock}, but the text must give a date, as a literal's must. */
  static Long parseWallClockWithDate(String text) {
    return parse(text, 0L, false, true);
  }

  private static Long parse(String text, long nowMicros, boolean timeAloneAllowed, boolean wallClock) {
    int end = trimmedEnd(text);
    int i = trimmedStart(text, end);
    if (i == end) {
      return null;
    }
    int yearSign = 0;
    if (isSign(text.charAt(i))) {
      yearSign = text.charAt(i) == '-' ? -1 : 1;
      i++;
    }
    int[] fields = {1, 1, 1, 0, 0, 0, 0, 0};
    boolean timeAlone = false;
    int part = YEAR;
    int value = 0;
    int digits = 0;
    int fractionDigits = 0;
    String zoneText = null;
    for (; i < end; i++) {
      char c = text.charAt(i);
      if (isDigit(c)) {
        if (part == FRACTION) {
          fractionDigits++;
        }
        if (part != FRACTION || digits < FRACTION_DIGITS) {
          value = value * 10 + (c - '0');
        }
        digits++;
        continue;
      }
      if (i == 0 && c == 'T') {
        // As in Spark, only a T that starts the text itself begins a time without a date.
        timeAlone = true;
        part = HOUR;
        continue;
      }
      int next;
      if (part == YEAR && c == ':' && yearSign == 0) {
        timeAlone = true;
        part = HOUR;
        next = MINUTE;
      } else if (part < DAY && c == '-' || part == DAY && (c == ' ' || c == 'T')
          || (part == HOUR || part == MINUTE) && c == ':' || part == SECOND && c == '.') {
        next = part + 1;
      } else if (part == SECOND || part == FRACTION) {
        zoneText = text.substring(i, end).trim();
        next = AFTER_FRACTION;
        i = end;
      } else {
        return null;
      }
      if (!validDigits(part, digits)) {
        return null;
      }
      fields[part] = value;
      part = next;
      value = 0;
      digits = 0;
    }
    if (!validDigits(part, digits) || timeAlone && !timeAloneAllowed) {
      return null;
    }
    fields[part] = value;
    for (; fractionDigits < FRACTION_DIGITS; fractionDigits++) {
      fields[FRACTION] *= 10;
    }
    try {
      ZoneId zone = zoneText == null ? ZoneOffset.UTC : zone(zoneText);
      LocalDate date = timeAlone
          ? Timestamps.instant(nowMicros).atZone(zone).toLocalDate()
          : LocalDate.of(yearSign < 0 ? -fields[YEAR] : fields[YEAR], fields[MONTH], fields[DAY]);
      LocalDateTime local = date.atTime(fields[HOUR], fields[MINUTE], fields[SECOND], fields[FRACTION] * 1000);
      return Timestamps.micros(local.atZone(wallClock ? ZoneOffset.UTC : zone).toInstant());
    } catch (DateTimeException | ArithmeticException e) {
      return null;
    }
  }

  /**
   * Spark's limits: 4 to 6 digits of year, any number of fraction, none after a zone, 1 or 2
   * for the others.
   */
  private static boolean validDigits(int part, int digits) {
    switch (part) {
      case YEAR: return digits >= 4 && digits <= 6;
      case FRACTION: case AFTER_FRACTION: return true;
      default: return digits >= 1 && digits <= 2;
    }
  }

  /**
   * The zone a timestamp's text names, read as Spark reads it: a zone id or offset that
   * java.time knows, short ids such as {@code PST} included, with a one-digit hour or minute
   * of an offset padded ({@code +2:00}, {@code +02:0}).
   *
   * @throws DateTimeException when there is no such zone
   */
  private static ZoneId zone(String text) {
    if (text.equals("Z") || text.equals("UTC")) {
      return ZoneOffset.UTC;
    }
    return ZoneId.of(padOffsetDigits(text), ZoneId.SHORT_IDS);
  }

  private static String padOffsetDigits(String id) {
    String padded = id;
    for (int i = 0; i + 2 < padded.length(); i++) {
      if (isSign(padded.charAt(i)) && isDigit(padded.charAt(i + 1)) && padded.charAt(i + 2) == ':') {
        padded = padded.substring(0, i + 1) + '0' + padded.substring(i + 1);
        break;
      }
    }
    int n = padded.length();
    if (n >= 5 && isSign(padded.charAt(n - 5)) && isDigit(padded.charAt(n - 4)) && isDigit(padded.charAt(n - 3))
        && padded.charAt(n - 2) == ':' && isDigit(padded.charAt(n - 1))) {
      padded = padded.substring(0, n - 1) + '0' + padded.charAt(n - 1);
    }
    return padded;
  }

  /**
   * Where the text starts once blanks and control characters are skipped. Spark skips
   * characters up to the space and DEL; it leaves other Unicode blanks alone.
   */
  static int trimmedStart(String text, int end) {
    int i = 0;
    while (i < end && isBlankOrControl(text.charAt(i))) {
      i++;
    }
    return i;
  }

  static int trimmedEnd(String text) {
    int end = text.length();
    while (end > 0 && isBlankOrControl(text.charAt(end - 1))) {
      end--;
    }
    return end;
  }

  private static boolean isBlankOrControl(char c) {
    return c <= ' ' || c == 0x7F;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isSign(char c) {
    return c == '+' || c == '-';
  }
}
