package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;

/**
 * {@code a DIV b} (also {@code div(a, b)}): the quotient truncated toward zero, as a BIGINT, as
 * Spark's non-ANSI {@code IntegralDivide}: integral operands divide as BIGINTs (so
 * {@code -2147483648 DIV -1} is 2147483648, and the smallest BIGINT divided by -1 wraps to
 * itself); with a DECIMAL operand the exact quotient's low 64 bits are taken; dividing by zero
 * gives NULL. FLOAT, DOUBLE and text operands are refused, as Spark refuses them.
 */
public final class IntegralDivide extends Expression {
  private final Expression left;
  private final Expression right;

  public IntegralDivide(Expression left, Expression right) {
    this.left = left;
    this.right = right;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression l = left.bind(input);
    BoundExpression r = right.bind(input);
    boolean decimal = isDecimal(operandType(l, left)) || isDecimal(operandType(r, right));
    return new Bound(l, r, decimal);
  }

  private DataType operandType(BoundExpression bound, Expression source) {
    DataType type = TypeCoercion.numericType(bound, source, this);
    if (!type.isIntegral() && !isDecimal(type)) {
      throw TypeCoercion.error(this, source + " is " + type + " but DIV needs an integral or DECIMAL operand");
    }
    return type;
  }

  private static boolean isDecimal(DataType type) {
    return type.kind() == DataType.Kind.DECIMAL;
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(" + left + " div " + right + ")";
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression left;
    private final BoundExpression right;
    private final boolean decimal;

    Bound(BoundExpression left, BoundExpression right, boolean decimal) {
      super(DataType.LONG, true);
      this.left = left;
      this.right = right;
      this.decimal = decimal;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object a = left.eval(row, context);
      if (a == null) {
        return null;
      }
      Object b = right.eval(row, context);
      if (b == null) {
        return null;
      }
      if (decimal) {
        BigDecimal divisor = DecimalTypes.exact(b);
        return divisor.signum() == 0 ? null : DecimalTypes.exact(a).divideToIntegralValue(divisor).longValue();
      }
      long divisor = ((Number) b).longValue();
      return divisor == 0 ? null : ((Number) a).longValue() / divisor;
    }
  }
}
