package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.regex.Matcher;

/**
 * {@code regexp_extract(str, regexp[, idx])}: the text of group {@code idx} (default 1; 0 is
 * the whole match) of the first match of {@code regexp} in {@code str}; the empty string when
 * nothing matches or the group took no part in the match. As in Spark, an {@code idx} outside
 * the pattern's groups fails the row only when the pattern matches it. NULL in any argument
 * gives NULL.
 */
public final class RegexpExtract extends FunctionCall {

  public RegexpExtract(List<Expression> args) {
    super("regexp_extract", args);
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression str = TypeCoercion.asString(args.get(0).bind(input), args.get(0), this);
    RegexArgument regex = RegexArgument.bind(args.get(1).bind(input), args.get(1), this);
    BoundExpression idx = args.size() > 2
        ? SimpleFunction.Arg.INT.coerce(args.get(2).bind(input), args.get(2), this) : Literal.bound(1, DataType.INT);
    return new Bound(this, str, regex, idx);
  }

  private static final class Bound extends BoundNode {
    private final Object call;
    private final BoundExpression str;
    private final RegexArgument regex;
    private final BoundExpression idx;

    Bound(Object call, BoundExpression str, RegexArgument regex, BoundExpression idx) {
      super(DataType.STRING, true);
      this.call = call;
      this.str = str;
      this.regex = regex;
      this.idx = idx;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object s = str.eval(row, context);
      String pattern = s == null ? null : regex.text(row, context);
      Object i = pattern == null ? null : idx.eval(row, context);
      if (i == null) {
        return null;
      }
      Matcher m = regex.compile(pattern).matcher((String) s);
      if (!m.find()) {
        return "";
      }
      int group = (Integer) i;
      if (group < 0 || group > m.groupCount()) {
        throw new IllegalArgumentException(call + ": the group index must be between 0 and " + m.groupCount()
            + " (the groups of " + SqlText.string(pattern) + ") but is " + group);
      }
      String text = m.group(group);
      return text == null ? "" : text;
    }
  }
}
