package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * The binary operators {@code + - * / %} with Spark's non-ANSI semantics: operands widen to
 * the wider of their types, {@code /} always gives DOUBLE, INT and LONG results wrap on
 * overflow, and dividing by zero (or taking a remainder by zero) gives null.
 */
public final class Arithmetic extends Expression {

  /** An arithmetic operator and its SQL symbol. */
  public enum Op {
    ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), REMAINDER("%");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  private final Op op;
  private final Expression left;
  private final Expression right;

  public Arithmetic(Op op, Expression left, Expression right) {
    this.op = op;
    this.left = left;
    this.right = right;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression l = left.bind(input);
    BoundExpression r = right.bind(input);
    DataType wider = TypeCoercion.widerNumeric(
        TypeCoercion.numericType(l, left, this), TypeCoercion.numericType(r, right, this));
    if (op == Op.DIVIDE || wider.kind() == DataType.Kind.DOUBLE) {
      return new DoubleOp(op, l, r);
    }
    return wider.kind() == DataType.Kind.LONG ? new LongOp(op, l, r) : new IntOp(op, l, r);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(" + left + " " + op.symbol + " " + right + ")";
  }

  /** Shared null handling: a null operand, or a zero divisor, gives null. */
  private abstract static class Bound extends BoundNode {
    final Op op;
    final BoundExpression left;
    final BoundExpression right;

    Bound(DataType type, Op op, BoundExpression left, BoundExpression right) {
      super(type, left.nullable() || right.nullable() || op == Op.DIVIDE || op == Op.REMAINDER);
      this.op = op;
      this.left = left;
      this.right = right;
    }

    @Override
    public final Object eval(Row row, EvalContext context) {
      Object a = left.eval(row, context);
      if (a == null) {
        return null;
      }
      Object b = right.eval(row, context);
      return b == null ? null : apply((Number) a, (Number) b);
    }

    abstract Object apply(Number a, Number b);
  }

  private static final class IntOp extends Bound {
    IntOp(Op op, BoundExpression left, BoundExpression right) {
      super(DataType.INT, op, left, right);
    }

    @Override
    Object apply(Number a, Number b) {
      int x = a.intValue();
      int y = b.intValue();
      switch (op) {
        case ADD: return x + y;
        case SUBTRACT: return x - y;
        case MULTIPLY: return x * y;
        default: return y == 0 ? null : x % y;
      }
    }
  }

  private static final class LongOp extends Bound {
    LongOp(Op op, BoundExpression left, BoundExpression right) {
      super(DataType.LONG, op, left, right);
    }

    @Override
    Object apply(Number a, Number b) {
      long x = a.longValue();
      long y = b.longValue();
      switch (op) {
        case ADD: return x + y;
        case SUBTRACT: return x - y;
        case MULTIPLY: return x * y;
        default: return y == 0 ? null : x % y;
      }
    }
  }

  private static final class DoubleOp extends Bound {
    DoubleOp(Op op, BoundExpression left, BoundExpression right) {
      super(DataType.DOUBLE, op, left, right);
    }

    @Override
    Object apply(Number a, Number b) {
      double x = a.doubleValue();
      double y = b.doubleValue();
      switch (op) {
        case ADD: return x + y;
        case SUBTRACT: return x - y;
        case MULTIPLY: return x * y;
        case DIVIDE: return y == 0 ? null : x / y;
        default: return y == 0 ? null : x % y;
      }
    }
  }
}
