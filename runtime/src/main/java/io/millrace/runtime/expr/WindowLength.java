package io.millrace.runtime.expr;

import io.millrace.spi.Options;
import java.util.Locale;

/**
 * The length of a window or its slide, as Spark's interval text gives it: {@code 5 minutes},
 * {@code 1 hour 30 minutes}, {@code INTERVAL 1 WEEK}, {@code 1.5 seconds}: pairs of a whole
 * number (a fraction for seconds only) and a unit, {@code week}, {@code day}, {@code hour},
 * {@code minute}, {@code second}, {@code millisecond} or {@code microsecond}, singular or
 * plural, in any case. Months and years are refused, as their length varies. Beyond Spark, the
 * short forms of Millrace's duration options ({@code 500ms}, {@code 10s}, {@code 5m},
 * {@code 1.5 hours}) are read too.
 */
public final class WindowLength {

  private WindowLength() {
  }

  /**
   * The length in microseconds.
   *
   * @throws IllegalArgumentException when {@code text} is no interval, or one of months or years
   */
  public static long micros(String text) {
    String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
    int first = words[0].equals("interval") ? 1 : 0;
    if (words.length > first && (words.length - first) % 2 == 0) {
      Long micros = sparkInterval(words, first, text);
      if (micros != null) {
        return micros;
      }
    }
    try {
      return Options.parseDuration(text).toNanos() / 1000;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + text + "' is not an interval such as '10 minutes' or '1 hour 30 minutes'");
    }
  }

  /** The sum of the pairs of {@code words} from {@code first}, or null when they are not Spark's. */
  private static Long sparkInterval(String[] words, int first, String text) {
    long total = 0;
    for (int i = first; i < words.length; i += 2) {
      String unit = words[i + 1].endsWith("s") ? words[i + 1].substring(0, words[i + 1].length() - 1) : words[i + 1];
      if (unit.equals("month") || unit.equals("year")) {
        throw new IllegalArgumentException("'" + text + "' has months or years, whose length varies; a window needs a "
            + "fixed length (weeks, days, hours, minutes, seconds, milliseconds, microseconds)");
      }
      long unitMicros = unitMicros(unit);
      Long amount = amountMicros(words[i], unitMicros, unit.equals("second"));
      if (unitMicros == 0 || amount == null) {
        return null;
      }
      try {
        total = Math.addExact(total, amount);
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException("'" + text + "' is longer than a TIMESTAMP can span");
      }
    }
    return total;
  }

  private static long unitMicros(String unit) {
    switch (unit) {
      case "week": return 7 * Timestamps.MICROS_PER_DAY;
      case "day": return Timestamps.MICROS_PER_DAY;
      case "hour": return Timestamps.MICROS_PER_HOUR;
      case "minute": return Timestamps.MICROS_PER_MINUTE;
      case "second": return Timestamps.MICROS_PER_SECOND;
      case "millisecond": return Timestamps.MICROS_PER_MILLI;
      case "microsecond": return 1;
      default: return 0;
    }
  }

  /**
   * {@code [+-]digits}, or for seconds {@code [+-]digits.digits}, in micros of {@code unitMicros};
   * null when the number is not of that form. Digits of a second beyond the micro are dropped.
   */
  private static Long amountMicros(String number, long unitMicros, boolean fractionAllowed) {
    int i = number.startsWith("-") || number.startsWith("+") ? 1 : 0;
    int dot = number.indexOf('.');
    String whole = number.substring(i, dot < 0 ? number.length() : dot);
    String fraction = dot < 0 ? "" : number.substring(dot + 1);
    if (whole.isEmpty() && fraction.isEmpty() || dot >= 0 && !fractionAllowed || !digits(whole) || !digits(fraction)) {
      return null;
    }
    try {
      long micros = Math.multiplyExact(whole.isEmpty() ? 0 : Long.parseLong(whole), unitMicros);
      if (!fraction.isEmpty()) {
        String sixDigits = (fraction + "00000").substring(0, 6);
        micros = Math.addExact(micros, Long.parseLong(sixDigits));
      }
      return number.startsWith("-") ? -micros : micros;
    } catch (ArithmeticException | NumberFormatException e) {
      return null;
    }
  }

  private static boolean digits(String s) {
    return s.chars().allMatch(c -> c >= '0' && c <= '9');
  }
}
