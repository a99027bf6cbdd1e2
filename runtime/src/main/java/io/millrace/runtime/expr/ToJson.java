package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/** {@code to_json(x)}: bound with its argument's type, which the writing follows. */
final class ToJson extends FunctionCall {
  ToJson(Expression child) {
    super("to_json", List.of(child));
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression child = args.get(0).bind(input);
    DataType type = TypeCoercion.isUntypedNull(child) ? DataType.STRING : child.type();
    DataType.Kind kind = type.kind();
    if (kind != DataType.Kind.STRUCT && kind != DataType.Kind.ARRAY && kind != DataType.Kind.MAP) {
      throw TypeCoercion.error(this, args.get(0) + " is " + type + " but a STRUCT, ARRAY or MAP is needed");
    }
    return new BoundNode(DataType.STRING, true) {
      @Override
      public Object eval(Row row, EvalContext context) {
        Object v = child.eval(row, context);
        return v == null ? null : JsonFunctions.toJson(v, type);
      }
    };
  }
}
