package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code length(x)}: the number of characters (Unicode code points, as Spark counts them) of a
 * string, or the number of bytes of a BINARY value. Other primitives count their text.
 */
public final class Length extends FunctionCall {

  public Length(Expression child) {
    this("length", child);
  }

  /** The same function under another of its names: {@code char_length}, {@code character_length}. */
  public Length(String name, Expression child) {
    super(name, List.of(child));
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    if (!TypeCoercion.isUntypedNull(bound) && bound.type().kind() == DataType.Kind.BINARY) {
      return new Bound(bound, true);
    }
    return new Bound(TypeCoercion.asString(bound, child, this), false);
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;
    private final boolean binary;

    Bound(BoundExpression child, boolean binary) {
      super(DataType.INT, child.nullable());
      this.child = child;
      this.binary = binary;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      if (binary) {
        return ((byte[]) v).length;
      }
      String s = (String) v;
      return s.codePointCount(0, s.length());
    }
  }
}
