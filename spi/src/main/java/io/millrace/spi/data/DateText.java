package io.millrace.spi.data;

import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * Text read as a DATE the way Spark's cast reads it ({@code DateTimeUtils.stringToDate}): blanks
 * and control characters around it are ignored; then {@code [+-]yyyy}, {@code [+-]yyyy-[m]m} or
 * {@code [+-]yyyy-[m]m-[d]d}, the year of 4 to 7 digits, the last form optionally followed by a
 * space or {@code T} and anything at all (a time, which is dropped). Anything else, or a day
 * that does not exist, is no date. Shared by the runtime's casts and the sources that read
 * dates from text, so both read the same text alike.
 *
 * @since SPI 1.4
 */
public final class DateText {
  private DateText() {}

  /** The date {@code text} spells, as days since 1970-01-01, or null when it spells none. */
  public static Integer parse(CharSequence text) {
    int end = text.length();
    while (end > 0 && blankOrControl(text.charAt(end - 1))) {
      end--;
    }
    int i = 0;
    while (i < end && blankOrControl(text.charAt(i))) {
      i++;
    }
    if (i == end) {
      return null;
    }
    int sign = 1;
    if (text.charAt(i) == '-' || text.charAt(i) == '+') {
      sign = text.charAt(i) == '-' ? -1 : 1;
      i++;
    }
    int[] segments = {1, 1, 1};
    int segment = 0;
    int value = 0;
    int digits = 0;
    for (; i < end && segment < 3; i++) {
      char c = text.charAt(i);
      if (c == ' ' || c == 'T') {
        break;
      }
      if (segment < 2 && c == '-') {
        if (!validDigits(segment, digits)) {
          return null;
        }
        segments[segment++] = value;
        value = 0;
        digits = 0;
      } else if (c >= '0' && c <= '9') {
        value = value * 10 + (c - '0');
        if (++digits > 7) {
          return null;
        }
      } else {
        return null;
      }
    }
    if (!validDigits(segment, digits) || segment < 2 && i < end) {
      return null; // yyyy and yyyy-[m]m must be the whole text
    }
    segments[segment] = value;
    try {
      return (int) LocalDate.of(sign * segments[0], segments[1], segments[2]).toEpochDay();
    } catch (DateTimeException e) {
      return null;
    }
  }

  /** What Spark trims: characters up to the space, and DEL; not other Unicode blanks. */
  private static boolean blankOrControl(char c) {
    return c <= ' ' || c == 0x7F;
  }

  private static boolean validDigits(int segment, int digits) {
    return segment == 0 ? digits >= 4 && digits <= 7 : digits > 0 && digits <= 2;
  }
}
