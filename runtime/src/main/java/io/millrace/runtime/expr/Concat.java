package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code concat(a, b, ...)} and {@code a || b}: the arguments' text joined, or NULL when any
 * argument is NULL. Non-string primitives join as their text, as in Spark.
 */
public final class Concat extends FunctionCall {

  public Concat(List<Expression> children) {
    super("concat", children);
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression[] bound = new BoundExpression[args.size()];
    for (int i = 0; i < bound.length; i++) {
      Expression arg = args.get(i);
      bound[i] = TypeCoercion.asString(arg.bind(input), arg, this);
    }
    return new Bound(bound);
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression[] children;

    Bound(BoundExpression[] children) {
      super(DataType.STRING, List.of(children).stream().anyMatch(BoundExpression::nullable));
      this.children = children;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      StringBuilder sb = new StringBuilder();
      for (BoundExpression child : children) {
        Object v = child.eval(row, context);
        if (v == null) {
          return null;
        }
        sb.append((String) v);
      }
      return sb.toString();
    }
  }
}
