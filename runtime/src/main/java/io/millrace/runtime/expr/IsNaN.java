package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code isnan(x)}: whether x is NaN. Never NULL: a NULL argument is not NaN, as in Spark. The
 * argument is read as a DOUBLE, so a number is never NaN and the text {@code 'NaN'} is.
 */
public final class IsNaN extends FunctionCall {

  public IsNaN(Expression child) {
    super("isnan", List.of(child));
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    return new Bound(SimpleFunction.Arg.DOUBLE.coerce(child.bind(input), child, this));
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;

    Bound(BoundExpression child) {
      super(DataType.BOOLEAN, false);
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      return v != null && ((Double) v).isNaN();
    }
  }
}
