package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code split(str, regexp[, limit])}: the parts of {@code str} between the matches of
 * {@code regexp}, as an {@code ARRAY<STRING>}. As Spark's (Java's {@link String#split} with
 * a limit of 0 taken as -1): trailing empty parts are kept, a positive {@code limit} gives at
 * most that many parts, the last holding the rest; a zero-width match at the start gives no
 * empty first part. An empty {@code regexp} splits a non-empty {@code str} into its characters
 * (code points), at most {@code limit} of them. NULL in any argument gives NULL.
 */
public final class Split extends FunctionCall {
  private static final DataType STRINGS = DataType.array(DataType.STRING, false);

  public Split(List<Expression> args) {
    super("split", args);
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression str = TypeCoercion.asString(args.get(0).bind(input), args.get(0), this);
    RegexArgument regex = RegexArgument.bind(args.get(1).bind(input), args.get(1), this);
    BoundExpression limit = args.size() > 2
        ? SimpleFunction.Arg.INT.coerce(args.get(2).bind(input), args.get(2), this) : Literal.bound(-1, DataType.INT);
    return new Bound(str, regex, limit);
  }

  /** Spark's UTF8String.split. */
  static List<String> split(String s, Pattern regex, int limit) {
    if (!s.isEmpty() && regex.pattern().isEmpty()) {
      int chars = s.codePointCount(0, s.length());
      int parts = limit <= 0 || limit > chars ? chars : limit;
      String[] result = new String[parts];
      int from = 0;
      for (int i = 0; i < parts; i++) {
        int to = s.offsetByCodePoints(from, 1);
        result[i] = s.substring(from, to);
        from = to;
      }
      return List.of(result);
    }
    return List.of(regex.split(s, limit == 0 ? -1 : limit));
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression str;
    private final RegexArgument regex;
    private final BoundExpression limit;

    Bound(BoundExpression str, RegexArgument regex, BoundExpression limit) {
      super(STRINGS, true);
      this.str = str;
      this.regex = regex;
      this.limit = limit;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object s = str.eval(row, context);
      String pattern = s == null ? null : regex.text(row, context);
      Object n = pattern == null ? null : limit.eval(row, context);
      return n == null ? null : split((String) s, regex.compile(pattern), (Integer) n);
    }
  }
}
