package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.SimpleFunction.Arg.DATE;
import static io.millrace.runtime.expr.SimpleFunction.Arg.INT;
import static io.millrace.runtime.expr.SimpleFunction.Arg.STRING;
import static io.millrace.runtime.expr.SimpleFunction.Arg.TIMESTAMP;

import io.millrace.spi.data.DataType;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Locale;

/**
 * Spark's date functions, in UTC (Millrace's session time zone): {@code to_date},
 * {@code date_trunc}, {@code trunc}, {@code date_add}, {@code date_sub}, {@code add_months},
 * {@code datediff}, {@code months_between}, {@code dayofweek}, {@code weekofyear},
 * {@code dayofyear}, {@code quarter}, {@code last_day}, {@code from_unixtime},
 * {@code make_date}, {@code make_timestamp}, {@code current_date}, {@code from_utc_timestamp}
 * and {@code to_utc_timestamp}. A DATE argument takes a TIMESTAMP as its date and text as a
 * cast reads it; a day that does not exist gives NULL.
 */
final class DateFunctions {
  private static final long MICROS_PER_DAY = Timestamps.MICROS_PER_DAY;
  private static final long SECONDS_PER_DAY = 86_400L;

  private DateFunctions() {}

  static void register() {
    FunctionRegistry.register("to_date", 1, 2, a -> new Delegated("to_date", a, a.size() == 1
        ? new Cast(a.get(0), DataType.DATE)
        : new Cast(new ToTimestamp(a.get(0), FunctionRegistry.stringLiteral(a.get(1), "to_date", "pattern")),
            DataType.DATE)),
        "to_date(text or timestamp[, pattern])", "to_date('01/05/2024', 'dd/MM/yyyy') = DATE '2024-05-01'");
    FunctionRegistry.register("current_date", 0, 0, a -> new Delegated("current_date", a,
        new Cast(new CurrentTimestamp(), DataType.DATE)),
        "current_date()", "current_date() is the batch's date, the same for every row of it");
    FunctionRegistry.register("from_unixtime", 1, 2, a -> new Delegated("from_unixtime", a, new DateFormat(
        new EpochToTimestamp(EpochToTimestamp.Unit.SECONDS, new Cast(a.get(0), DataType.LONG)),
        a.size() == 1 ? "yyyy-MM-dd HH:mm:ss" : FunctionRegistry.stringLiteral(a.get(1), "from_unixtime", "pattern"))),
        "from_unixtime(seconds[, pattern])", "from_unixtime(0) = '1970-01-01 00:00:00'");

    FunctionRegistry.register("date_trunc(unit, timestamp)", "date_trunc('HOUR', TIMESTAMP '2024-05-01 12:34:56') = TIMESTAMP '2024-05-01 12:00:00'",
        SimpleFunction.Signature.of("date_trunc", DataType.TIMESTAMP,
            v -> truncTimestamp((String) v[0], (Long) v[1]), STRING, TIMESTAMP));
    FunctionRegistry.register("trunc(date, unit)", "trunc(DATE '2024-05-17', 'MM') = DATE '2024-05-01'",
        SimpleFunction.Signature.of("trunc", DataType.DATE, v -> truncDate((Integer) v[0], (String) v[1]), DATE, STRING));
    FunctionRegistry.register("date_add(date, days)", "date_add(DATE '2024-05-01', 30) = DATE '2024-05-31'",
        SimpleFunction.Signature.of("date_add", DataType.DATE, v -> (Integer) v[0] + (Integer) v[1], DATE, INT));
    FunctionRegistry.register("date_sub(date, days)", "date_sub(DATE '2024-03-01', 1) = DATE '2024-02-29'",
        SimpleFunction.Signature.of("date_sub", DataType.DATE, v -> (Integer) v[0] - (Integer) v[1], DATE, INT));
    FunctionRegistry.register("add_months(date, months)", "add_months(DATE '2024-01-31', 1) = DATE '2024-02-29'",
        SimpleFunction.Signature.of("add_months", DataType.DATE,
            v -> days(date((Integer) v[0]).plusMonths((Integer) v[1])), DATE, INT));
    FunctionRegistry.register("datediff(end, start)", "datediff(DATE '2024-05-01', DATE '2024-04-01') = 30",
        SimpleFunction.Signature.of("datediff", DataType.INT, v -> (Integer) v[0] - (Integer) v[1], DATE, DATE));
    FunctionRegistry.register("months_between(later, earlier[, roundOff])",
        "months_between(DATE '2024-05-31', DATE '2024-02-29') = 3.0",
        SimpleFunction.Signature.of("months_between", DataType.DOUBLE,
            v -> monthsBetween((Long) v[0], (Long) v[1], true), TIMESTAMP, TIMESTAMP),
        new SimpleFunction.Signature("months_between", List.of(TIMESTAMP, TIMESTAMP, SimpleFunction.Arg.ANY),
            types -> {
              if (types.get(2).kind() != DataType.Kind.BOOLEAN) {
                throw new IllegalArgumentException("its roundOff is " + types.get(2) + " but BOOLEAN is needed");
              }
              return DataType.DOUBLE;
            }, v -> monthsBetween((Long) v[0], (Long) v[1], (Boolean) v[2])));
    FunctionRegistry.register("dayofweek(date)", "dayofweek(DATE '2024-05-05') = 1 (Sunday)",
        SimpleFunction.Signature.of("dayofweek", DataType.INT,
            v -> date((Integer) v[0]).getDayOfWeek().getValue() % 7 + 1, DATE));
    FunctionRegistry.register("weekofyear(date)", "weekofyear(DATE '2021-01-03') = 53",
        SimpleFunction.Signature.of("weekofyear", DataType.INT,
            v -> date((Integer) v[0]).get(IsoFields.WEEK_OF_WEEK_BASED_YEAR), DATE));
    FunctionRegistry.register("dayofyear(date)", "dayofyear(DATE '2024-12-31') = 366",
        SimpleFunction.Signature.of("dayofyear", DataType.INT, v -> date((Integer) v[0]).getDayOfYear(), DATE));
    FunctionRegistry.register("quarter(date)", "quarter(DATE '2024-05-17') = 2",
        SimpleFunction.Signature.of("quarter", DataType.INT, v -> (date((Integer) v[0]).getMonthValue() + 2) / 3, DATE));
    FunctionRegistry.register("last_day(date)", "last_day(DATE '2024-02-10') = DATE '2024-02-29'",
        SimpleFunction.Signature.of("last_day", DataType.DATE,
            v -> days(date((Integer) v[0]).with(TemporalAdjusters.lastDayOfMonth())), DATE));
    FunctionRegistry.register("make_date(year, month, day)", "make_date(2024, 2, 29) = DATE '2024-02-29'",
        SimpleFunction.Signature.of("make_date", DataType.DATE, v -> makeDate((Integer) v[0], (Integer) v[1],
            (Integer) v[2]), INT, INT, INT));
    FunctionRegistry.register("make_timestamp(year, month, day, hour, minute, seconds)",
        "make_timestamp(2024, 5, 1, 12, 30, 45.5) = TIMESTAMP '2024-05-01 12:30:45.5'",
        new SimpleFunction.Signature("make_timestamp", List.of(INT, INT, INT, INT, INT, SimpleFunction.Arg.ANY),
            types -> {
              if (!types.get(5).isNumeric()) {
                throw new IllegalArgumentException("its seconds are " + types.get(5) + " but a number is needed");
              }
              return DataType.TIMESTAMP;
            }, v -> makeTimestamp(v)));
    FunctionRegistry.register("from_utc_timestamp(timestamp, zone)",
        "from_utc_timestamp(TIMESTAMP '2024-05-01 12:00:00', 'Europe/Paris') = TIMESTAMP '2024-05-01 14:00:00'",
        SimpleFunction.Signature.of("from_utc_timestamp", DataType.TIMESTAMP,
            v -> shift((Long) v[0], zone((String) v[1]), true), TIMESTAMP, STRING));
    FunctionRegistry.register("to_utc_timestamp(timestamp, zone)",
        "to_utc_timestamp(TIMESTAMP '2024-05-01 14:00:00', 'Europe/Paris') = TIMESTAMP '2024-05-01 12:00:00'",
        SimpleFunction.Signature.of("to_utc_timestamp", DataType.TIMESTAMP,
            v -> shift((Long) v[0], zone((String) v[1]), false), TIMESTAMP, STRING));
  }

  private static LocalDate date(int epochDay) {
    return LocalDate.ofEpochDay(epochDay);
  }

  private static int days(LocalDate date) {
    return (int) date.toEpochDay();
  }

  /** Spark's date_trunc units, any case; an unknown unit gives NULL. */
  static Long truncTimestamp(String unit, long micros) {
    long day = Math.floorDiv(micros, MICROS_PER_DAY);
    switch (unit.toUpperCase(Locale.ROOT)) {
      case "MICROSECOND": return micros;
      case "MILLISECOND": return Math.floorDiv(micros, 1_000L) * 1_000L;
      case "SECOND": return Math.floorDiv(micros, Timestamps.MICROS_PER_SECOND) * Timestamps.MICROS_PER_SECOND;
      case "MINUTE": return Math.floorDiv(micros, Timestamps.MICROS_PER_MINUTE) * Timestamps.MICROS_PER_MINUTE;
      case "HOUR": return Math.floorDiv(micros, Timestamps.MICROS_PER_HOUR) * Timestamps.MICROS_PER_HOUR;
      case "DAY": case "DD": return day * MICROS_PER_DAY;
      default:
        Integer truncated = truncDate((int) day, unit);
        return truncated == null ? null : truncated * MICROS_PER_DAY;
    }
  }

  /** Spark's trunc units (year, quarter, month, week), any case; others give NULL. */
  static Integer truncDate(int epochDay, String unit) {
    LocalDate d = date(epochDay);
    switch (unit.toUpperCase(Locale.ROOT)) {
      case "YEAR": case "YYYY": case "YY": return days(d.withDayOfYear(1));
      case "QUARTER": return days(d.withMonth((d.getMonthValue() - 1) / 3 * 3 + 1).withDayOfMonth(1));
      case "MONTH": case "MM": case "MON": return days(d.withDayOfMonth(1));
      case "WEEK": return days(d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)));
      default: return null;
    }
  }

  /**
   * Spark's months_between ({@code DateTimeUtils.monthsBetween}): whole months when the days of
   * month are equal or both are their month's last, else the month difference plus the rest in
   * seconds over a 31-day month, rounded to 8 places when {@code roundOff}.
   */
  static double monthsBetween(long micros1, long micros2, boolean roundOff) {
    LocalDate d1 = date((int) Math.floorDiv(micros1, MICROS_PER_DAY));
    LocalDate d2 = date((int) Math.floorDiv(micros2, MICROS_PER_DAY));
    double monthDiff = (d1.getYear() * 12 + d1.getMonthValue()) - (d2.getYear() * 12 + d2.getMonthValue());
    boolean bothLast = d1.getDayOfMonth() == d1.lengthOfMonth() && d2.getDayOfMonth() == d2.lengthOfMonth();
    if (d1.getDayOfMonth() == d2.getDayOfMonth() || bothLast) {
      return monthDiff;
    }
    long seconds1 = Math.floorMod(micros1, MICROS_PER_DAY) / Timestamps.MICROS_PER_SECOND;
    long seconds2 = Math.floorMod(micros2, MICROS_PER_DAY) / Timestamps.MICROS_PER_SECOND;
    long secondsDiff = (d1.getDayOfMonth() - d2.getDayOfMonth()) * SECONDS_PER_DAY + seconds1 - seconds2;
    double diff = monthDiff + secondsDiff / (double) (31 * SECONDS_PER_DAY);
    return roundOff ? Math.round(diff * 1e8) / 1e8 : diff;
  }

  private static Integer makeDate(int year, int month, int day) {
    try {
      return days(LocalDate.of(year, month, day));
    } catch (DateTimeException e) {
      return null;
    }
  }

  /** Seconds up to 60 with a fraction of microseconds; 60 exactly is the next minute, as in Spark. */
  private static Long makeTimestamp(Object[] v) {
    BigDecimal seconds = new BigDecimal(v[5].toString());
    if (seconds.signum() < 0 || seconds.compareTo(BigDecimal.valueOf(60)) > 0) {
      return null;
    }
    try {
      int whole = seconds.intValue();
      long micros = seconds.subtract(BigDecimal.valueOf(whole)).movePointRight(6).longValue();
      if (whole == 60 && micros != 0) {
        return null;
      }
      LocalDateTime t = LocalDateTime.of((Integer) v[0], (Integer) v[1], (Integer) v[2], (Integer) v[3], (Integer) v[4],
          whole == 60 ? 0 : whole).plusMinutes(whole == 60 ? 1 : 0);
      return Timestamps.micros(t.toInstant(ZoneOffset.UTC)) + micros;
    } catch (DateTimeException e) {
      return null;
    }
  }

  /** A zone as Spark reads it: a region (Europe/Paris) or an offset (+05:30, UTC); anything else fails the query. */
  private static ZoneId zone(String id) {
    try {
      return ZoneId.of(id, ZoneId.SHORT_IDS);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("invalid time zone '" + id + "': the zone must be a region-based id such as "
          + "'America/Los_Angeles' or an offset such as '+05:30'");
    }
  }

  /**
   * from_utc_timestamp ({@code toWallClock}): the wall clock in {@code zone} at the UTC instant,
   * read as a UTC time; to_utc_timestamp the reverse.
   */
  private static long shift(long micros, ZoneId zone, boolean toWallClock) {
    LocalDateTime wall;
    if (toWallClock) {
      wall = LocalDateTime.ofInstant(Timestamps.instant(micros), zone);
      return Timestamps.micros(wall.toInstant(ZoneOffset.UTC));
    }
    wall = LocalDateTime.ofInstant(Timestamps.instant(micros), ZoneOffset.UTC);
    return Timestamps.micros(wall.atZone(zone).toInstant());
  }
}
