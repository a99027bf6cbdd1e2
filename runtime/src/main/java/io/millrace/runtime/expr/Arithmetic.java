package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * The binary operators {@code + - * / %} with Spark's non-ANSI semantics: operands widen to
 * the wider of their types (BYTE &lt; SHORT &lt; INT &lt; LONG &lt; FLOAT &lt; DOUBLE); {@code /}
 * gives DOUBLE unless an operand is DECIMAL; a DECIMAL with an integral operand computes in
 * decimals of Spark's result type ({@link DecimalTypes}), rounded half up, null when the result
 * overflows it, and with FLOAT or DOUBLE in DOUBLE; integral results wrap on overflow, and
 * dividing by zero (or taking a remainder by zero) gives null. {@code pmod(a, n)}, the remainder
 * made positive for a positive {@code n}, is typed as {@code %} is.
 */
public final class Arithmetic extends Expression {

  /** An arithmetic operator and its SQL symbol. */
  public enum Op {
    ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), REMAINDER("%"),
    /** Spark's {@code pmod(a, n)}: {@code a % n}, plus {@code n} (modulo n again) when negative. */
    PMOD("pmod");

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
    boolean additive = op == Op.ADD || op == Op.SUBTRACT;
    if (additive && right instanceof IntervalLiteral interval) {
      return TimeArithmetic.plusInterval(left.bind(input), left, interval, op == Op.SUBTRACT, this);
    }
    if (op == Op.ADD && left instanceof IntervalLiteral interval) {
      return TimeArithmetic.plusInterval(right.bind(input), right, interval, false, this);
    }
    BoundExpression l = left.bind(input);
    BoundExpression r = right.bind(input);
    if (additive && TimeArithmetic.involvesDate(l, r)) {
      return TimeArithmetic.dateArithmetic(l, r, op == Op.SUBTRACT, this);
    }
    DataType lt = TypeCoercion.numericType(l, left, this);
    DataType rt = TypeCoercion.numericType(r, right, this);
    DataType wider = TypeCoercion.widerNumeric(lt, rt);
    if (wider.kind() == DataType.Kind.DECIMAL) {
      return new DecimalOp(DecimalTypes.result(op, literalDecimal(l, lt), literalDecimal(r, rt)), op, l, r);
    }
    if (op == Op.DIVIDE || wider.kind() == DataType.Kind.DOUBLE) {
      // A decimal operand (a literal such as 1.1, mostly) becomes a double at bind, not per row.
      return new DoubleOp(op, asDouble(l), asDouble(r));
    }
    switch (wider.kind()) {
      case FLOAT: return new FloatOp(op, l, r);
      case LONG: return new LongOp(op, l, r);
      case INT: return new IntOp(op, l, r);
      case SHORT: return new ShortOp(op, l, r);
      default: return new ByteOp(op, l, r);
    }
  }

  private static BoundExpression asDouble(BoundExpression bound) {
    return !TypeCoercion.isUntypedNull(bound) && bound.type().kind() == DataType.Kind.DECIMAL
        ? Cast.coerce(bound, DataType.DOUBLE) : bound;
  }

  /**
   * An integral literal beside a decimal counts as the decimal of its digits ({@code 3} as
   * DECIMAL(1,0), not INT's DECIMAL(10,0)), as Spark's literal precision rule has it, so
   * {@code 1.5 / 3} is DECIMAL(7,6).
   */
  private static DataType literalDecimal(BoundExpression bound, DataType type) {
    if (type.isIntegral() && Literal.isConstant(bound) && Literal.constantValue(bound) != null) {
      java.math.BigDecimal value = java.math.BigDecimal.valueOf(((Number) Literal.constantValue(bound)).longValue());
      return DataType.decimal(Math.max(value.precision(), 1), 0);
    }
    return type;
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return op == Op.PMOD ? "pmod(" + left + ", " + right + ")" : "(" + left + " " + op.symbol + " " + right + ")";
  }

  /** Shared null handling: a null operand, or a zero divisor, gives null. */
  private abstract static class Bound extends BoundNode {
    final Op op;
    final BoundExpression left;
    final BoundExpression right;

    Bound(DataType type, Op op, BoundExpression left, BoundExpression right) {
      // A decimal result that overflows its type is null too.
      super(type, left.nullable() || right.nullable() || op == Op.DIVIDE || op == Op.REMAINDER
          || op == Op.PMOD || type.kind() == DataType.Kind.DECIMAL);
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

  /** TINYINT results, wrapping as Spark's do. */
  private static final class ByteOp extends Bound {
    ByteOp(Op op, BoundExpression left, BoundExpression right) {
      super(DataType.BYTE, op, left, right);
    }

    @Override
    Object apply(Number a, Number b) {
      Object r = IntOp.compute(op, a.intValue(), b.intValue());
      return r == null ? null : (byte) (int) (Integer) r;
    }
  }

  /** SMALLINT results, wrapping as Spark's do. */
  private static final class ShortOp extends Bound {
    ShortOp(Op op, BoundExpression left, BoundExpression right) {
      super(DataType.SHORT, op, left, right);
    }

    @Override
    Object apply(Number a, Number b) {
      Object r = IntOp.compute(op, a.intValue(), b.intValue());
      return r == null ? null : (short) (int) (Integer) r;
    }
  }

  private static final class IntOp extends Bound {
    IntOp(Op op, BoundExpression left, BoundExpression right) {
      super(DataType.INT, op, left, right);
    }

    @Override
    Object apply(Number a, Number b) {
      return compute(op, a.intValue(), b.intValue());
    }

    static Integer compute(Op op, int x, int y) {
      switch (op) {
        case ADD: return x + y;
        case SUBTRACT: return x - y;
        case MULTIPLY: return x * y;
        case REMAINDER: return y == 0 ? null : x % y;
        default: return y == 0 ? null : x % y < 0 ? (x % y + y) % y : x % y;
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
        case REMAINDER: return y == 0 ? null : x % y;
        default: return y == 0 ? null : x % y < 0 ? (x % y + y) % y : x % y;
      }
    }
  }

  private static final class FloatOp extends Bound {
    FloatOp(Op op, BoundExpression left, BoundExpression right) {
      super(DataType.FLOAT, op, left, right);
    }

    @Override
    Object apply(Number a, Number b) {
      float x = a.floatValue();
      float y = b.floatValue();
      switch (op) {
        case ADD: return x + y;
        case SUBTRACT: return x - y;
        case MULTIPLY: return x * y;
        case REMAINDER: return y == 0 ? null : x % y;
        default: return y == 0 ? null : x % y < 0 ? (x % y + y) % y : x % y;
      }
    }
  }

  /** Decimal arithmetic in Spark's result type; integral operands count as their exact decimals. */
  private static final class DecimalOp extends Bound {
    private static final java.math.MathContext DIVISION =
        new java.math.MathContext(DataType.MAX_PRECISION, java.math.RoundingMode.HALF_UP);

    DecimalOp(DataType type, Op op, BoundExpression left, BoundExpression right) {
      super(type, op, left, right);
    }

    @Override
    Object apply(Number a, Number b) {
      java.math.BigDecimal x = DecimalTypes.exact(a);
      java.math.BigDecimal y = DecimalTypes.exact(b);
      java.math.BigDecimal r;
      switch (op) {
        case ADD: r = x.add(y); break;
        case SUBTRACT: r = x.subtract(y); break;
        case MULTIPLY: r = x.multiply(y); break;
        case DIVIDE:
          if (y.signum() == 0) {
            return null;
          }
          r = x.divide(y, DIVISION);
          break;
        case REMAINDER:
          if (y.signum() == 0) {
            return null;
          }
          r = x.remainder(y);
          break;
        default:
          if (y.signum() == 0) {
            return null;
          }
          r = x.remainder(y);
          r = r.signum() < 0 ? r.add(y).remainder(y) : r;
      }
      return DecimalTypes.fit(r, type());
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
        case REMAINDER: return y == 0 ? null : x % y;
        default: return y == 0 ? null : x % y < 0 ? (x % y + y) % y : x % y;
      }
    }
  }
}
