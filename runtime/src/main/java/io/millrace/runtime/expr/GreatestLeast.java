package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code greatest(a, b, ...)} and {@code least(a, b, ...)}: the largest (smallest) argument that
 * is not NULL, NULL when all are. The arguments share a type by {@link TypeCoercion#commonType}
 * and are ordered as {@code <} orders them: NaN above every other number, -0.0 equal to 0.0 (of
 * equal values the first wins, so {@code greatest(-0.0D, 0.0D)} is -0.0, as in Spark).
 */
public final class GreatestLeast extends FunctionCall {
  private final boolean greatest;

  private GreatestLeast(String name, List<Expression> args, boolean greatest) {
    super(name, args);
    this.greatest = greatest;
  }

  public static GreatestLeast greatest(List<Expression> args) {
    return new GreatestLeast("greatest", args, true);
  }

  public static GreatestLeast least(List<Expression> args) {
    return new GreatestLeast("least", args, false);
  }

  @Override
  public BoundExpression bind(Schema input) {
    List<BoundExpression> bound = new ArrayList<>(args.size());
    args.forEach(a -> bound.add(a.bind(input)));
    DataType common = TypeCoercion.commonType(bound, args, this);
    DataType type = common == null ? DataType.STRING : common;
    ValueComparators.ValueComparator comparator;
    try {
      comparator = ValueComparators.forType(type);
    } catch (IllegalArgumentException e) {
      throw TypeCoercion.error(this, "its arguments are " + type + ", which has no order");
    }
    BoundExpression[] coerced = bound.stream().map(b -> Cast.coerce(b, type)).toArray(BoundExpression[]::new);
    return new Bound(type, coerced, comparator, greatest ? 1 : -1);
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression[] args;
    private final ValueComparators.ValueComparator comparator;
    /** 1 to keep the larger value, -1 the smaller. */
    private final int sign;

    Bound(DataType type, BoundExpression[] args, ValueComparators.ValueComparator comparator, int sign) {
      super(type, List.of(args).stream().allMatch(BoundExpression::nullable));
      this.args = args;
      this.comparator = comparator;
      this.sign = sign;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object best = null;
      for (BoundExpression arg : args) {
        Object v = arg.eval(row, context);
        if (v != null && (best == null || Integer.signum(comparator.compare(v, best)) == sign)) {
          best = v;
        }
      }
      return best;
    }
  }
}
