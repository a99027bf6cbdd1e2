package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code substring(str, pos[, len])} with Spark's rules: {@code pos} counts characters from 1,
 * 0 acts as 1, and a negative {@code pos} counts back from the end; {@code len} characters are
 * taken, fewer at the end of the string, none when {@code len} is not positive. Without
 * {@code len} the rest of the string is taken.
 */
public final class Substring extends FunctionCall {

  public Substring(Expression str, Expression pos, Expression len) {
    super("substring", List.of(str, pos, len));
  }

  public Substring(Expression str, Expression pos) {
    super("substring", List.of(str, pos));
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression str = args.get(0);
    BoundExpression s = TypeCoercion.asString(str.bind(input), str, this);
    BoundExpression pos = intArgument(args.get(1), input);
    BoundExpression len = args.size() > 2
        ? intArgument(args.get(2), input) : Literal.bound(Integer.MAX_VALUE, DataType.INT);
    return new Bound(s, pos, len);
  }

  private BoundExpression intArgument(Expression arg, Schema input) {
    BoundExpression bound = arg.bind(input);
    TypeCoercion.numericType(bound, arg, this);
    return Cast.coerce(bound, DataType.INT);
  }

  /** Spark's UTF8String.substringSQL, over code points. */
  static String substring(String s, int pos, int len) {
    int length = s.codePointCount(0, s.length());
    int start = pos > 0 ? pos - 1 : pos < 0 ? length + pos : 0;
    long end = Math.min((long) start + len, length);
    start = Math.max(start, 0);
    if (start >= end) {
      return "";
    }
    int from = s.offsetByCodePoints(0, start);
    return s.substring(from, s.offsetByCodePoints(from, (int) end - start));
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression str;
    private final BoundExpression pos;
    private final BoundExpression len;

    Bound(BoundExpression str, BoundExpression pos, BoundExpression len) {
      super(DataType.STRING, str.nullable() || pos.nullable() || len.nullable());
      this.str = str;
      this.pos = pos;
      this.len = len;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object s = str.eval(row, context);
      if (s == null) {
        return null;
      }
      Object p = pos.eval(row, context);
      Object l = len.eval(row, context);
      return p == null || l == null ? null : substring((String) s, (Integer) p, (Integer) l);
    }
  }
}
