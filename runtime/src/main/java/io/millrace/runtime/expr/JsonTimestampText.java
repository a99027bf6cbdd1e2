package io.millrace.runtime.expr;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A timestamp as {@code to_json} writes it, Spark's {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX} in UTC
 * ({@code 2026-09-15T00:00:01.234Z}), or without the zone for TIMESTAMP_NTZ. A Kafka job writes
 * one per record, so years 1 to 9999 are written digit by digit; others go through the
 * formatter, which signs and widens them.
 */
final class JsonTimestampText {
  private static final DateTimeFormatter WITH_ZONE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
  private static final DateTimeFormatter WALL_CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private JsonTimestampText() {}

  static String format(long micros, boolean withZone) {
    long day = Math.floorDiv(micros, MICROS_PER_DAY);
    long microsOfDay = micros - day * MICROS_PER_DAY;
    LocalDate date = LocalDate.ofEpochDay(day);
    if (date.getYear() < 1 || date.getYear() > 9999) { // yyyy is the year of the era: year 0 is 0001 BC
      return (withZone ? WITH_ZONE : WALL_CLOCK).format(Timestamps.instant(micros).atOffset(ZoneOffset.UTC));
    }
    long millisOfDay = microsOfDay / 1000; // toward the start of the millisecond: the pattern's SSS truncates
    char[] c = new char[withZone ? 24 : 23];
    digits(c, 0, date.getYear(), 4);
    c[4] = '-';
    digits(c, 5, date.getMonthValue(), 2);
    c[7] = '-';
    digits(c, 8, date.getDayOfMonth(), 2);
    c[10] = 'T';
    digits(c, 11, (int) (millisOfDay / 3_600_000), 2);
    c[13] = ':';
    digits(c, 14, (int) (millisOfDay / 60_000 % 60), 2);
    c[16] = ':';
    digits(c, 17, (int) (millisOfDay / 1000 % 60), 2);
    c[19] = '.';
    digits(c, 20, (int) (millisOfDay % 1000), 3);
    if (withZone) {
      c[23] = 'Z';
    }
    return new String(c);
  }

  private static void digits(char[] c, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      c[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  }
}
