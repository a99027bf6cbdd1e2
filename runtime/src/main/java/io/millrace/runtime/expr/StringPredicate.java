package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Locale;

/** {@code startswith}, {@code endswith} and {@code contains}: tests of one string in another. */
public final class StringPredicate extends FunctionCall {

  /** Which test, named as the SQL function. */
  public enum Op {
    STARTSWITH, ENDSWITH, CONTAINS;

    String sqlName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Op op;

  public StringPredicate(Op op, Expression str, Expression part) {
    super(op.sqlName(), List.of(str, part));
    this.op = op;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression str = args.get(0);
    Expression part = args.get(1);
    return new Bound(op, TypeCoercion.asString(str.bind(input), str, this),
        TypeCoercion.asString(part.bind(input), part, this));
  }

  private static final class Bound extends BoundNode {
    private final Op op;
    private final BoundExpression str;
    private final BoundExpression part;

    Bound(Op op, BoundExpression str, BoundExpression part) {
      super(DataType.BOOLEAN, str.nullable() || part.nullable());
      this.op = op;
      this.str = str;
      this.part = part;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object s = str.eval(row, context);
      if (s == null) {
        return null;
      }
      Object p = part.eval(row, context);
      if (p == null) {
        return null;
      }
      switch (op) {
        case STARTSWITH: return ((String) s).startsWith((String) p);
        case ENDSWITH: return ((String) s).endsWith((String) p);
        default: return ((String) s).contains((String) p);
      }
    }
  }
}
