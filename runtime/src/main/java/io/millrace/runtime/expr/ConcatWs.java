package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.StringJoiner;

/**
 * {@code concat_ws(sep, x, ..)}: the text of the arguments and of the elements of array
 * arguments, joined by {@code sep}. Unlike {@code concat} it skips NULL arguments and NULL
 * elements; only a NULL {@code sep} gives NULL. Other primitives join as their text, and arrays
 * of them as their elements' text, as Spark casts them.
 */
public final class ConcatWs extends FunctionCall {

  public ConcatWs(List<Expression> args) {
    super("concat_ws", args);
  }

  @Override
  public BoundExpression bind(Schema input) {
    if (args.isEmpty()) {
      throw TypeCoercion.error(this, "concat_ws needs a separator");
    }
    BoundExpression[] bound = new BoundExpression[args.size()];
    for (int i = 0; i < bound.length; i++) {
      Expression arg = args.get(i);
      BoundExpression b = arg.bind(input);
      bound[i] = i > 0 && !TypeCoercion.isUntypedNull(b) && b.type().kind() == DataType.Kind.ARRAY
          ? textElements(b, arg) : TypeCoercion.asString(b, arg, this);
    }
    return new Bound(bound);
  }

  private BoundExpression textElements(BoundExpression array, Expression source) {
    DataType.Kind element = array.type().elementType().kind();
    if (element == DataType.Kind.BINARY || element == DataType.Kind.ARRAY || element == DataType.Kind.MAP
        || element == DataType.Kind.STRUCT) {
      throw TypeCoercion.error(this, source + " is " + array.type() + " but STRING or an ARRAY of STRING is needed");
    }
    return Cast.coerce(array, DataType.array(DataType.STRING));
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression separator;
    private final BoundExpression[] parts;

    Bound(BoundExpression[] bound) {
      super(DataType.STRING, bound[0].nullable());
      this.separator = bound[0];
      this.parts = java.util.Arrays.copyOfRange(bound, 1, bound.length);
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object sep = separator.eval(row, context);
      if (sep == null) {
        return null;
      }
      StringJoiner text = new StringJoiner((String) sep);
      for (BoundExpression part : parts) {
        Object v = part.eval(row, context);
        if (v instanceof String) {
          text.add((String) v);
        } else if (v != null) {
          for (Object element : (List<?>) v) {
            if (element != null) {
              text.add((String) element);
            }
          }
        }
      }
      return text.toString();
    }
  }
}
