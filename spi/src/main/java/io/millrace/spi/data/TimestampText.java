package io.millrace.spi.data;

import java.time.LocalDate;

/**
 * A TIMESTAMP value (microseconds since the epoch, UTC) as text, the way Spark writes it in a
 * cast to STRING and in {@code show()} with the session time zone UTC:
 * {@code 2026-09-15 00:42:04.508}, the fraction without trailing zeros and left out when zero,
 * the year as {@code 0000}, {@code -0001} or {@code +10000} outside 1..9999 (java.time's
 * {@code uuuu}). Written character by character, since casts call it once per row.
 */
public final class TimestampText {
  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final int SECONDS_PER_DAY = 86_400;
  private static final int FRACTION_DIGITS = 6;

  private TimestampText() {}

  /** {@code 2026-09-15 00:42:04.508}: the instant {@code micros} in UTC. */
  public static String format(long micros) {
    long epochSecond = Math.floorDiv(micros, MICROS_PER_SECOND);
    int fraction = (int) Math.floorMod(micros, MICROS_PER_SECOND);
    int secondOfDay = (int) Math.floorMod(epochSecond, SECONDS_PER_DAY);
    StringBuilder text = new StringBuilder(26);
    appendDate(text, LocalDate.ofEpochDay(Math.floorDiv(epochSecond, SECONDS_PER_DAY)));
    text.append(' ');
    appendTwoDigits(text, secondOfDay / 3600);
    text.append(':');
    appendTwoDigits(text, secondOfDay / 60 % 60);
    text.append(':');
    appendTwoDigits(text, secondOfDay % 60);
    if (fraction != 0) {
      int digits = FRACTION_DIGITS;
      while (fraction % 10 == 0) {
        fraction /= 10;
        digits--;
      }
      text.append('.');
      appendPadded(text, fraction, digits);
    }
    return text.toString();
  }

  /** {@code 2026-09-15}: a DATE ({@code epochDay} days since 1970-01-01) as Spark writes it. @since SPI 1.4 */
  public static String formatDate(int epochDay) {
    StringBuilder text = new StringBuilder(10);
    appendDate(text, LocalDate.ofEpochDay(epochDay));
    return text.toString();
  }

  /** {@code 2026-09-15}, the year written as java.time's {@code uuuu} writes it. */
  private static void appendDate(StringBuilder text, LocalDate date) {
    int year = date.getYear();
    if (year > 9999) {
      text.append('+');
    } else if (year < 0) {
      text.append('-');
    }
    appendPadded(text, Math.abs(year), 4);
    text.append('-');
    appendTwoDigits(text, date.getMonthValue());
    text.append('-');
    appendTwoDigits(text, date.getDayOfMonth());
  }

  private static void appendTwoDigits(StringBuilder text, int value) {
    text.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
  }

  private static void appendPadded(StringBuilder text, int value, int width) {
    String digits = Integer.toString(value);
    for (int i = digits.length(); i < width; i++) {
      text.append('0');
    }
    text.append(digits);
  }
}
