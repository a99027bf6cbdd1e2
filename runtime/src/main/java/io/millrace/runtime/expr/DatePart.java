package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/**
 * {@code year}, {@code month}, {@code dayofmonth}, {@code hour}, {@code minute} and
 * {@code second} of a TIMESTAMP, in UTC, as INT. As in Spark, the fields of a date read text
 * as a date ({@link TimestampText#parseDate}: {@code day('2026-09-14T02:00+05:00')} is 14,
 * whatever the zone), and the fields of a time read it as a cast to TIMESTAMP does.
 */
public final class DatePart extends FunctionCall {

  /** Which field, named as the SQL function. */
  public enum Field {
    YEAR, MONTH, DAYOFMONTH, HOUR, MINUTE, SECOND;

    String sqlName() {
      return name().toLowerCase(Locale.ROOT);
    }

    boolean ofDate() {
      return this == YEAR || this == MONTH || this == DAYOFMONTH;
    }

    int of(long micros) {
      switch (this) {
        case HOUR: return (int) (Math.floorMod(micros, Timestamps.MICROS_PER_DAY) / Timestamps.MICROS_PER_HOUR);
        case MINUTE: return (int) (Math.floorMod(micros, Timestamps.MICROS_PER_HOUR) / Timestamps.MICROS_PER_MINUTE);
        case SECOND: return (int) (Math.floorMod(micros, Timestamps.MICROS_PER_MINUTE) / Timestamps.MICROS_PER_SECOND);
        default: return of(LocalDate.ofEpochDay(Math.floorDiv(micros, Timestamps.MICROS_PER_DAY)));
      }
    }

    int of(LocalDate date) {
      switch (this) {
        case YEAR: return date.getYear();
        case MONTH: return date.getMonthValue();
        default: return date.getDayOfMonth();
      }
    }
  }

  private final Field field;

  public DatePart(Field field, Expression child) {
    super(field.sqlName(), List.of(child));
    this.field = field;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    if (field.ofDate() && !TypeCoercion.isUntypedNull(bound) && bound.type().kind() == DataType.Kind.STRING) {
      return new OfText(field, bound);
    }
    return new OfTimestamp(field, TypeCoercion.asTimestamp(bound, child, this));
  }

  private static final class OfTimestamp extends BoundNode {
    private final Field field;
    private final BoundExpression child;

    OfTimestamp(Field field, BoundExpression child) {
      super(DataType.INT, child.nullable());
      this.field = field;
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      return v == null ? null : field.of((Long) v);
    }
  }

  /** A field of the date that text begins with. */
  private static final class OfText extends BoundNode {
    private final Field field;
    private final BoundExpression child;

    OfText(Field field, BoundExpression child) {
      super(DataType.INT, true);
      this.field = field;
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      Integer day = v == null ? null : io.millrace.spi.data.DateText.parse((String) v);
      return day == null ? null : field.of(LocalDate.ofEpochDay(day));
    }
  }
}
