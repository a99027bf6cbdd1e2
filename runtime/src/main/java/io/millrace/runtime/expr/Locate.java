package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code locate(substr, str[, pos])}: the 1-based character position of the first
 * {@code substr} in {@code str} at or after character {@code pos} (default 1), 0 when there is
 * none or {@code pos} is below 1; the empty {@code substr} is found at 1 wherever the search
 * starts. As in Spark (after Hive), a NULL {@code pos} gives 0, not NULL; otherwise NULL in an
 * argument gives NULL.
 */
public final class Locate extends FunctionCall {

  public Locate(List<Expression> args) {
    super("locate", args);
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression substr = TypeCoercion.asString(args.get(0).bind(input), args.get(0), this);
    BoundExpression str = TypeCoercion.asString(args.get(1).bind(input), args.get(1), this);
    BoundExpression pos = args.size() > 2
        ? SimpleFunction.Arg.INT.coerce(args.get(2).bind(input), args.get(2), this) : Literal.bound(1, DataType.INT);
    return new Bound(substr, str, pos);
  }

  /**
   * The 1-based character position of {@code part} in {@code s} searching from character
   * {@code from} (0-based), or 0; Spark's UTF8String.indexOf plus one.
   */
  static int position(String s, String part, int from) {
    if (part.isEmpty()) {
      return 1;
    }
    if (from > s.codePointCount(0, s.length())) {
      return 0;
    }
    int index = s.indexOf(part, s.offsetByCodePoints(0, from));
    return index < 0 ? 0 : s.codePointCount(0, index) + 1;
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression substr;
    private final BoundExpression str;
    private final BoundExpression pos;

    Bound(BoundExpression substr, BoundExpression str, BoundExpression pos) {
      super(DataType.INT, substr.nullable() || str.nullable());
      this.substr = substr;
      this.str = str;
      this.pos = pos;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object p = pos.eval(row, context);
      if (p == null) {
        return 0;
      }
      Object part = substr.eval(row, context);
      Object s = part == null ? null : str.eval(row, context);
      if (s == null) {
        return null;
      }
      int start = (Integer) p;
      return start < 1 ? 0 : position((String) s, (String) part, start - 1);
    }
  }
}
