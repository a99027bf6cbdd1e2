package io.millrace.runtime.expr;

/**
 * The one form of timestamp text that event streams write almost always,
 * {@code yyyy-MM-ddTHH:mm:ss[.f{1,6}]Z}, read straight from the parser's characters: from_json
 * meets one per Kafka record, and the general reading ({@link TimestampText}) trims, looks for
 * zones and allocates. Any other text, or a field out of range, is left to that reading, which
 * decides it by Spark's rules; both give the same micros for every text this takes.
 */
final class UtcIsoText {
  /** Not this form: ask {@link TimestampText}. */
  static final long OTHER = Long.MIN_VALUE;

  private static final int[] DAYS_BEFORE_MONTH = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};

  private UtcIsoText() {}

  static long micros(char[] c, int at, int length) {
    if (length < 20 || length > 27 || length == 21 || c[at + length - 1] != 'Z' || c[at + 4] != '-'
        || c[at + 7] != '-' || c[at + 10] != 'T' || c[at + 13] != ':' || c[at + 16] != ':'
        || (length > 20 && c[at + 19] != '.')) {
      return OTHER;
    }
    int year = number(c, at, 4);
    int month = number(c, at + 5, 2);
    int day = number(c, at + 8, 2);
    int hour = number(c, at + 11, 2);
    int minute = number(c, at + 14, 2);
    int second = number(c, at + 17, 2);
    int fraction = length > 20 ? number(c, at + 20, length - 21) : 0;
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > lengthOfMonth(year, month) || hour < 0 || hour > 23
        || minute < 0 || minute > 59 || second < 0 || second > 59 || fraction < 0) {
      return OTHER;
    }
    for (int digits = length - 21; digits > 0 && digits < 6; digits++) {
      fraction *= 10;
    }
    long days = epochDay(year, month, day);
    return ((days * 24 + hour) * 60 + minute) * 60_000_000L + second * 1_000_000L + fraction;
  }

  /** The digits' value, or a negative number if one is not a digit. */
  private static int number(char[] c, int at, int digits) {
    int n = 0;
    for (int i = at; i < at + digits; i++) {
      int d = c[i] - '0';
      if (d < 0 || d > 9) {
        return Integer.MIN_VALUE / 2;
      }
      n = n * 10 + d;
    }
    return n;
  }

  private static boolean isLeap(int year) {
    return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
  }

  private static int lengthOfMonth(int year, int month) {
    return month == 2 ? (isLeap(year) ? 29 : 28) : month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31;
  }

  /** Days from 1970-01-01 to the date, in the proleptic Gregorian calendar (as java.time). */
  private static long epochDay(int year, int month, int day) {
    long y = year - 1;
    long daysBeforeYear = 365 * y + y / 4 - y / 100 + y / 400; // from 0001-01-01
    int dayOfYear = DAYS_BEFORE_MONTH[month - 1] + (month > 2 && isLeap(year) ? 1 : 0) + day - 1;
    return daysBeforeYear + dayOfYear - 719_162; // 719,162 days from 0001-01-01 to 1970-01-01
  }
}
