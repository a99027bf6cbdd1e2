package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Locale;

/**
 * {@code abs}, {@code floor} and {@code ceil}. {@code abs} keeps its argument's type (the
 * smallest integral value wraps to itself, as in Spark); {@code floor} and {@code ceil} return
 * LONG, or for a DECIMAL(p, s) a DECIMAL(p - s + 1, 0), as Spark's do.
 */
public final class MathFunction extends FunctionCall {

  /** Which function, named as the SQL function. */
  public enum Op {
    ABS, FLOOR, CEIL;

    String sqlName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Op op;

  public MathFunction(Op op, Expression child) {
    super(op.sqlName(), List.of(child));
    this.op = op;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    DataType type = TypeCoercion.numericType(bound, child, this);
    BoundExpression typed = Cast.coerce(bound, type);
    if (op == Op.ABS) {
      return new Abs(typed);
    }
    return type.kind() == DataType.Kind.DECIMAL ? new DecimalRounding(op == Op.CEIL, typed)
        : new Rounding(op == Op.CEIL, typed);
  }

  private static final class Abs extends BoundNode {
    private final BoundExpression child;
    private final DataType.Kind kind;

    Abs(BoundExpression child) {
      super(child.type(), child.nullable());
      this.child = child;
      this.kind = child.type().kind();
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      switch (kind) {
        case BYTE: return (byte) Math.abs((Byte) v);
        case SHORT: return (short) Math.abs((Short) v);
        case INT: return Math.abs((Integer) v);
        case LONG: return Math.abs((Long) v);
        case FLOAT: return Math.abs((Float) v);
        case DECIMAL: return ((java.math.BigDecimal) v).abs();
        default: return Math.abs((Double) v);
      }
    }
  }

  /** floor or ceil to a LONG; integers pass through, doubles saturate as a cast does. */
  private static final class Rounding extends BoundNode {
    private final boolean up;
    private final BoundExpression child;
    private final boolean isDouble;

    Rounding(boolean up, BoundExpression child) {
      super(DataType.LONG, child.nullable());
      this.up = up;
      this.child = child;
      this.isDouble = child.type().kind() == DataType.Kind.DOUBLE || child.type().kind() == DataType.Kind.FLOAT;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      if (!isDouble) {
        return ((Number) v).longValue();
      }
      double d = ((Number) v).doubleValue();
      return (long) (up ? Math.ceil(d) : Math.floor(d));
    }
  }

  /** floor or ceil of a DECIMAL(p, s), exactly, to a DECIMAL(p - s + 1, 0). */
  private static final class DecimalRounding extends BoundNode {
    private final boolean up;
    private final BoundExpression child;

    DecimalRounding(boolean up, BoundExpression child) {
      super(resultType(child.type()), child.nullable());
      this.up = up;
      this.child = child;
    }

    private static DataType resultType(DataType in) {
      return in.scale() == 0 ? in
          : DataType.decimal(Math.min(DataType.MAX_PRECISION, in.precision() - in.scale() + 1), 0);
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      return v == null ? null
          : ((java.math.BigDecimal) v).setScale(0, up ? java.math.RoundingMode.CEILING : java.math.RoundingMode.FLOOR);
    }
  }
}
