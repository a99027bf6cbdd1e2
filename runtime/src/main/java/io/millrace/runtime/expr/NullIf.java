package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code nullif(a, b)}: NULL when {@code a = b} is TRUE, else a, in a's type. The two are compared
 * as {@code =} compares them (so {@code nullif(1, 1.0)} is NULL, and NaN equals NaN); a NULL b
 * leaves a as it is.
 */
public final class NullIf extends FunctionCall {

  public NullIf(Expression a, Expression b) {
    super("nullif", List.of(a, b));
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression a = args.get(0).bind(input);
    BoundExpression b = args.get(1).bind(input);
    if (TypeCoercion.isUntypedNull(a) || TypeCoercion.isUntypedNull(b)) {
      // a = NULL is never TRUE, so the result is a, whatever it is.
      return a;
    }
    DataType type = TypeCoercion.comparisonType(a.type(), b.type());
    if (type == null) {
      throw TypeCoercion.error(this, "cannot compare " + args.get(0) + " (" + a.type() + ") with "
          + args.get(1) + " (" + b.type() + ")");
    }
    CastConversions.Conversion toCompared = a.type().equals(type) ? null : CastConversions.find(a.type(), type);
    return new Bound(a, Cast.coerce(b, type), toCompared, ValueComparators.forType(type));
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression a;
    private final BoundExpression b;
    /** a's value in the type the two are compared in; null when it has that type already. */
    private final CastConversions.Conversion toCompared;
    private final ValueComparators.ValueComparator comparator;

    Bound(BoundExpression a, BoundExpression b, CastConversions.Conversion toCompared,
        ValueComparators.ValueComparator comparator) {
      super(a.type(), true);
      this.a = a;
      this.b = b;
      this.toCompared = toCompared;
      this.comparator = comparator;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object x = a.eval(row, context);
      if (x == null) {
        return null;
      }
      Object y = b.eval(row, context);
      if (y == null) {
        return x;
      }
      Object compared = toCompared == null ? x : toCompared.apply(x, context);
      return compared != null && comparator.compare(compared, y) == 0 ? null : x;
    }
  }
}
