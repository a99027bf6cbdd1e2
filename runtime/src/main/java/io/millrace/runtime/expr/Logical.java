package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * {@code AND} and {@code OR} with SQL's three-valued logic: FALSE AND NULL is FALSE, TRUE OR
 * NULL is TRUE, and otherwise a NULL operand makes the result NULL. The right operand is not
 * evaluated when the left one decides the result.
 */
public final class Logical extends Expression {

  /** The two binary logical operators. */
  public enum Op {
    AND, OR
  }

  private final Op op;
  private final Expression left;
  private final Expression right;

  public Logical(Op op, Expression left, Expression right) {
    this.op = op;
    this.left = left;
    this.right = right;
  }

  Op op() {
    return op;
  }

  Expression left() {
    return left;
  }

  Expression right() {
    return right;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression l = left.bind(input);
    BoundExpression r = right.bind(input);
    TypeCoercion.requireBoolean(l, left, this);
    TypeCoercion.requireBoolean(r, right, this);
    // AND stops at the first FALSE and OR at the first TRUE: the value that decides.
    return new Bound(op == Op.OR, l, r);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(" + left + " " + op + " " + right + ")";
  }

  private static final class Bound extends BoundNode {
    private final Boolean deciding;
    private final BoundExpression left;
    private final BoundExpression right;

    Bound(boolean deciding, BoundExpression left, BoundExpression right) {
      super(DataType.BOOLEAN, left.nullable() || right.nullable());
      this.deciding = deciding;
      this.left = left;
      this.right = right;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object a = left.eval(row, context);
      if (deciding.equals(a)) {
        return deciding;
      }
      Object b = right.eval(row, context);
      if (deciding.equals(b)) {
        return deciding;
      }
      return a == null || b == null ? null : !deciding;
    }
  }
}
