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
    if (type.kind() == DataType.Kind.DOUBLE && unit != Unit.SECONDS) {
      throw TypeCoercion.error(this, child + " is DOUBLE but INT or LONG is needed");
    }
    if (type.kind() == DataType.Kind.DOUBLE) {
      return new FromDouble(bound);
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
