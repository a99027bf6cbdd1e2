package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code timestamp_seconds}, {@code timestamp_millis} and {@code timestamp_micros}: a count
 * since the epoch as a TIMESTAMP. Seconds may be fractional; millis and micros are integral,
 * as in Spark. A result outside the TIMESTAMP range is NULL.
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
    return new FromLong(Cast.coerce(bound, DataType.LONG), unit.micros);
  }

  private static final class FromLong extends BoundNode {
    private final BoundExpression child;
    private final long factor;

    FromLong(BoundExpression child, long factor) {
      super(DataType.TIMESTAMP, true);
      this.child = child;
      this.factor = factor;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      long count = (Long) v;
      long micros = count * factor;
      // Overflowed when dividing back does not give the count.
      return micros / factor == count ? (Object) micros : null;
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
      double micros = (Double) v * Timestamps.MICROS_PER_SECOND;
      // Beyond the long range a cast would saturate; NULL says the value has no timestamp.
      return Double.isNaN(micros) || Math.abs(micros) >= 0x1p63 ? null : (Object) (long) micros;
    }
  }
}
