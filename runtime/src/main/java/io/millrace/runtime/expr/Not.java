package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/** {@code NOT}: NOT NULL is NULL. */
public final class Not extends Expression {
  private final Expression child;

  public Not(Expression child) {
    this.child = child;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression bound = child.bind(input);
    TypeCoercion.requireBoolean(bound, child, this);
    return new Bound(bound);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(NOT " + child + ")";
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;

    Bound(BoundExpression child) {
      super(DataType.BOOLEAN, child.nullable());
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      return v == null ? null : !(Boolean) v;
    }
  }
}
