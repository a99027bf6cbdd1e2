package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * {@code +} and {@code -} on dates and times, as Spark gives them: a DATE, TIMESTAMP or
 * TIMESTAMP_NTZ plus or minus an {@code INTERVAL} (months first, clamped to the month's last
 * day, then the rest; a DATE stays a DATE when the interval is whole days), and a DATE plus or
 * minus a number of days. A DATE minus a DATE is an interval in Spark, a type Millrace lacks:
 * it is refused, naming {@code datediff}.
 */
final class TimeArithmetic {
  private TimeArithmetic() {}

  static boolean involvesDate(BoundExpression l, BoundExpression r) {
    return isDate(l) || isDate(r);
  }

  private static boolean isDate(BoundExpression b) {
    return !TypeCoercion.isUntypedNull(b) && b.type().kind() == DataType.Kind.DATE;
  }

  /** {@code date ± days}, {@code days + date}; a DATE minus a DATE is refused. */
  static BoundExpression dateArithmetic(BoundExpression l, BoundExpression r, boolean subtract, Expression call) {
    if (isDate(l) && isDate(r)) {
      throw TypeCoercion.error(call, "a DATE minus a DATE is an INTERVAL in Spark, a type Millrace lacks; "
          + "datediff(end, start) gives the days between them");
    }
    BoundExpression date = isDate(l) ? l : r;
    BoundExpression days = isDate(l) ? r : l;
    if (subtract && !isDate(l)) {
      throw TypeCoercion.error(call, "a number minus a DATE has no meaning");
    }
    if (!TypeCoercion.isUntypedNull(days) && !days.type().isIntegral()) {
      throw TypeCoercion.error(call, "a DATE " + (subtract ? "minus" : "plus") + " " + days.type()
          + ": only a whole number of days (or an INTERVAL) can be added to a DATE");
    }
    BoundExpression n = Cast.coerce(days, DataType.INT);
    return new BoundNode(DataType.DATE, true) {
      @Override
      public Object eval(Row row, EvalContext context) {
        Object d = date.eval(row, context);
        Object k = d == null ? null : n.eval(row, context);
        return k == null ? null : (Integer) d + (subtract ? -(Integer) k : (Integer) k);
      }
    };
  }

  /** {@code value ± interval}: the interval's months, then its microseconds. */
  static BoundExpression plusInterval(BoundExpression value, Expression source, IntervalLiteral interval,
      boolean subtract, Expression call) {
    int months = subtract ? -interval.months() : interval.months();
    long micros = subtract ? -interval.micros() : interval.micros();
    DataType type = TypeCoercion.isUntypedNull(value) ? DataType.TIMESTAMP : value.type();
    if (type.kind() == DataType.Kind.STRING) {
      value = Cast.coerce(value, DataType.TIMESTAMP);
      type = DataType.TIMESTAMP;
    }
    switch (type.kind()) {
      case DATE: {
        boolean wholeDays = micros % Timestamps.MICROS_PER_DAY == 0;
        BoundExpression date = value;
        DataType result = wholeDays ? DataType.DATE : DataType.TIMESTAMP;
        return new BoundNode(result, true) {
          @Override
          public Object eval(Row row, EvalContext context) {
            Object d = date.eval(row, context);
            if (d == null) {
              return null;
            }
            long at = shift(((Integer) d) * Timestamps.MICROS_PER_DAY, months, micros);
            return wholeDays ? (Object) (int) Math.floorDiv(at, Timestamps.MICROS_PER_DAY) : (Object) at;
          }
        };
      }
      case TIMESTAMP: case TIMESTAMP_NTZ: {
        BoundExpression time = TypeCoercion.isUntypedNull(value) ? Cast.coerce(value, DataType.TIMESTAMP) : value;
        return new BoundNode(type, true) {
          @Override
          public Object eval(Row row, EvalContext context) {
            Object t = time.eval(row, context);
            return t == null ? null : shift((Long) t, months, micros);
          }
        };
      }
      default:
        throw TypeCoercion.error(call, source + " is " + type + " but an INTERVAL can only be added to a DATE, "
            + "TIMESTAMP or TIMESTAMP_NTZ");
    }
  }

  /** {@code micros} moved by {@code months} on the UTC calendar (the day clamped to the month's end), then by {@code plus}. */
  private static long shift(long micros, int months, long plus) {
    long at = micros;
    if (months != 0) {
      LocalDateTime t = LocalDateTime.ofInstant(Timestamps.instant(micros), ZoneOffset.UTC).plusMonths(months);
      at = Timestamps.micros(t.toInstant(ZoneOffset.UTC));
    }
    return Math.addExact(at, plus);
  }
}
