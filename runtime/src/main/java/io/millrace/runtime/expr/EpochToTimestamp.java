package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code timestamp_seconds}, {@code timestamp_millis} and {@code timestamp_micros}: a count
 * since the epoch as a TIMESTAMP. Seconds may be fractional; millis and micros are integral,
 * as in Spark. As in Spark, fractional seconds beyond the TIMESTAMP range give its first or
 * last instant (NaN and infinities give NULL), and a whole count beyond it fails the query
 * with an {@link ArithmeticException} naming the call and the value.
 */
public final class EpochToTimestamp extends FunctionCall {

  /** The unit of the argument. */
  public enum Unit {
    SECONDS("timestamp_seconds", Timestamps.MICROS_PER_SECOND),
    MILLIS("timestamp_millis", Timestamps.MICROS_PER_MILLI),
    MICROS("timestamp_micros", 1L);

    private final String sqlName;
    private final long micros;

    Unit(String sqlName, long micros) {
      this.sqlName = sqlName;
      this.micros = micros;
    }

    String sqlName() {
      return sqlName;
    }
  }

  private final Unit unit;

  public EpochToTimestamp(Unit unit, Expression child) {
    super(unit.sqlName, List.of(child));
    this.unit = unit;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    DataType type = TypeCoercion.numericType(bound, child, this);
    if (!type.isIntegral() && unit != Unit.SECONDS) {
      throw TypeCoercion.error(this, child + " is " + type + " but an integral type (INT, BIGINT, ..) is needed");
    }
    if (type.kind() == DataType.Kind.DOUBLE || type.kind() == DataType.Kind.FLOAT) {
      return new FromDouble(Cast.coerce(bound, DataType.DOUBLE));
    }
    if (type.kind() == DataType.Kind.DECIMAL) {
      return new FromDecimal(this, bound);
    }
    return new FromLong(this, Cast.coerce(bound, DataType.LONG), unit.micros);
  }

  private static final class FromLong extends BoundNode {
    private final Expression call;
    private final BoundExpression child;
    private final long factor;

    FromLong(Expression call, BoundExpression child, long factor) {
      super(DataType.TIMESTAMP, child.nullable());
      this.call = call;
      this.child = child;
      this.factor = factor;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      try {
        return Math.multiplyExact((long) (Long) v, factor);
      } catch (ArithmeticException e) {
        throw new ArithmeticException(call + ": " + v + " is outside the TIMESTAMP range (long overflow)");
      }
    }
  }

  /** Seconds as a decimal, exactly: a fraction finer than a microsecond fails, as in Spark. */
  private static final class FromDecimal extends BoundNode {
    private final Expression call;
    private final BoundExpression child;

    FromDecimal(Expression call, BoundExpression child) {
      super(DataType.TIMESTAMP, child.nullable());
      this.call = call;
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      try {
        return ((java.math.BigDecimal) v).movePointRight(6).longValueExact();
      } catch (ArithmeticException e) {
        throw new ArithmeticException(call + ": " + v + " seconds is not a whole number of microseconds within the "
            + "TIMESTAMP range");
      }
    }
  }

  private static final class FromDouble extends BoundNode {
    private final BoundExpression child;

    FromDouble(BoundExpression child) {
      super(DataType.TIMESTAMP, true);
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      // Saturates at the ends of the range, as the cast from DOUBLE does.
      return CastConversions.doubleSecondsToMicros((Double) v);
    }
  }
}
