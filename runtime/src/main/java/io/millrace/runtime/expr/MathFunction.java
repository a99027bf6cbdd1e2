package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Locale;

/**
 * {@code abs}, {@code floor} and {@code ceil}. {@code abs} keeps its argument's type (the
 * smallest INT or LONG wraps to itself, as in Spark); {@code floor} and {@code ceil} return
 * LONG, as Spark's do.
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
    return op == Op.ABS ? new Abs(typed) : new Rounding(op == Op.CEIL, typed);
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
        case INT: return Math.abs((Integer) v);
        case LONG: return Math.abs((Long) v);
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
      this.isDouble = child.type().kind() == DataType.Kind.DOUBLE;
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
      double d = (Double) v;
      return (long) (up ? Math.ceil(d) : Math.floor(d));
    }
  }
}
