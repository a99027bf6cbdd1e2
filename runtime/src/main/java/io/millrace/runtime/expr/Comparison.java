package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * {@code = != < <= > >=} and the null-safe {@code <=>}. Operands are brought to the type
 * {@link TypeCoercion#comparisonType} picks; incomparable types fail at bind time. A null
 * operand gives null, except for {@code <=>}, which treats two nulls as equal.
 */
public final class Comparison extends Expression {

  /** A comparison operator and its SQL symbol. */
  public enum Op {
    EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), EQ_NULL_SAFE("<=>");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    boolean test(int comparison) {
      switch (this) {
        case EQ: case EQ_NULL_SAFE: return comparison == 0;
        case NE: return comparison != 0;
        case LT: return comparison < 0;
        case LE: return comparison <= 0;
        case GT: return comparison > 0;
        default: return comparison >= 0;
      }
    }
  }

  private final Op op;
  private final Expression left;
  private final Expression right;

  public Comparison(Op op, Expression left, Expression right) {
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
    DataType type = operandType(l, r);
    return new Bound(op, Cast.coerce(l, type), Cast.coerce(r, type), ValueComparators.forType(type));
  }

  private DataType operandType(BoundExpression l, BoundExpression r) {
    // Against the untyped NULL any type will do: the value is never compared.
    if (TypeCoercion.isUntypedNull(l)) {
      return TypeCoercion.isUntypedNull(r) ? DataType.INT : r.type();
    }
    if (TypeCoercion.isUntypedNull(r)) {
      return l.type();
    }
    DataType type = TypeCoercion.comparisonType(l.type(), r.type());
    if (type == null) {
      throw TypeCoercion.error(this, "cannot compare " + left + " (" + l.type() + ") with "
          + right + " (" + r.type() + ")");
    }
    return type;
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(" + left + " " + op.symbol + " " + right + ")";
  }

  private static final class Bound extends BoundNode {
    private final Op op;
    private final BoundExpression left;
    private final BoundExpression right;
    private final ValueComparators.ValueComparator comparator;

    Bound(Op op, BoundExpression left, BoundExpression right, ValueComparators.ValueComparator comparator) {
      super(DataType.BOOLEAN, op != Op.EQ_NULL_SAFE && (left.nullable() || right.nullable()));
      this.op = op;
      this.left = left;
      this.right = right;
      this.comparator = comparator;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object a = left.eval(row, context);
      if (a == null && op != Op.EQ_NULL_SAFE) {
        return null;
      }
      Object b = right.eval(row, context);
      if (a == null || b == null) {
        return op == Op.EQ_NULL_SAFE ? a == b : null;
      }
      return op.test(comparator.compare(a, b));
    }
  }
}
