package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/**
 * {@code year}, {@code month}, {@code dayofmonth}, {@code hour}, {@code minute} and
 * {@code second} of a TIMESTAMP, in UTC, as INT. Text arguments are read as ISO-8601.
 */
public final class DatePart extends FunctionCall {

  /** Which field, named as the SQL function. */
  public enum Field {
    YEAR, MONTH, DAYOFMONTH, HOUR, MINUTE, SECOND;

    String sqlName() {
      return name().toLowerCase(Locale.ROOT);
    }

    int of(long micros) {
      switch (this) {
        case YEAR: return date(micros).getYear();
        case MONTH: return date(micros).getMonthValue();
        case DAYOFMONTH: return date(micros).getDayOfMonth();
        case HOUR: return (int) (Math.floorMod(micros, Timestamps.MICROS_PER_DAY) / Timestamps.MICROS_PER_HOUR);
        case MINUTE: return (int) (Math.floorMod(micros, Timestamps.MICROS_PER_HOUR) / Timestamps.MICROS_PER_MINUTE);
        default: return (int) (Math.floorMod(micros, Timestamps.MICROS_PER_MINUTE) / Timestamps.MICROS_PER_SECOND);
      }
    }

    private static LocalDate date(long micros) {
      return LocalDate.ofEpochDay(Math.floorDiv(micros, Timestamps.MICROS_PER_DAY));
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
    return new Bound(field, TypeCoercion.asTimestamp(child.bind(input), child, this));
  }

  private static final class Bound extends BoundNode {
    private final Field field;
    private final BoundExpression child;

    Bound(Field field, BoundExpression child) {
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
}
