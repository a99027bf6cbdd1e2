package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/** Unary minus. The type is kept, so negating the smallest INT or LONG wraps to itself. */
public final class Negate extends Expression {
  private final Expression child;

  public Negate(Expression child) {
    this.child = child;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression bound = child.bind(input);
    DataType type = TypeCoercion.numericType(bound, child, this);
    return new Bound(Cast.coerce(bound, type));
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(- " + child + ")";
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;
    private final DataType.Kind kind;

    Bound(BoundExpression child) {
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
        case BYTE: return (byte) -(Byte) v;
        case SHORT: return (short) -(Short) v;
        case INT: return -(Integer) v;
        case LONG: return -(Long) v;
        case FLOAT: return -(Float) v;
        case DECIMAL: return ((java.math.BigDecimal) v).negate();
        default: return -(Double) v;
      }
    }
  }
}
