package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/** {@code IS NULL} and {@code IS NOT NULL}; never null themselves. */
public final class NullCheck extends Expression {
  private final Expression child;
  private final boolean negated;

  /** {@code child IS NULL}, or {@code child IS NOT NULL} when {@code negated}. */
  public NullCheck(Expression child, boolean negated) {
    this.child = child;
    this.negated = negated;
  }

  @Override
  public BoundExpression bind(Schema input) {
    return new Bound(child.bind(input), negated);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(" + child + (negated ? " IS NOT NULL)" : " IS NULL)");
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;
    private final boolean negated;

    Bound(BoundExpression child, boolean negated) {
      super(DataType.BOOLEAN, false);
      this.child = child;
      this.negated = negated;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      return (child.eval(row, context) == null) != negated;
    }
  }
}
