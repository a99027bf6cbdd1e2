package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code reverse(x)}: a string's characters (code points) or an array's elements in reverse
 * order, as in Spark; other primitives reverse their text. NULL gives NULL.
 */
public final class Reverse extends FunctionCall {

  public Reverse(Expression child) {
    super("reverse", List.of(child));
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    if (!TypeCoercion.isUntypedNull(bound) && bound.type().kind() == DataType.Kind.ARRAY) {
      return new Bound(bound);
    }
    return new Bound(TypeCoercion.asString(bound, child, this));
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;

    Bound(BoundExpression child) {
      super(child.type(), child.nullable());
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      if (v instanceof String) {
        return StringFunctions.reverse((String) v);
      }
      List<Object> reversed = new ArrayList<>((List<?>) v);
      Collections.reverse(reversed);
      return Collections.unmodifiableList(reversed);
    }
  }
}
