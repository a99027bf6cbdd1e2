package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code regexp_replace(str, regexp, rep[, position])}: every match of {@code regexp} in
 * {@code str}, searched from {@code position} (1-based, in UTF-16 units as Spark counts it),
 * replaced by {@code rep}, where {@code $1} or {@code ${name}} is a group's text, as Java's
 * {@link Matcher#appendReplacement} reads it. A position past the end gives {@code str}. The
 * position must be a constant above 0, as in Spark; NULL in any argument gives NULL.
 */
public final class RegexpReplace extends FunctionCall {

  public RegexpReplace(List<Expression> args) {
    super("regexp_replace", args);
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression str = TypeCoercion.asString(args.get(0).bind(input), args.get(0), this);
    RegexArgument regex = RegexArgument.bind(args.get(1).bind(input), args.get(1), this);
    BoundExpression rep = TypeCoercion.asString(args.get(2).bind(input), args.get(2), this);
    Integer position = 1;
    if (args.size() > 3) {
      position = constantPosition(args.get(3), input);
      if (position == null) {
        return Literal.bound(null, DataType.STRING);
      }
    }
    return new Bound(this, str, regex, rep, position - 1);
  }

  private Integer constantPosition(Expression arg, Schema input) {
    BoundExpression bound = arg.bind(input);
    if (!TypeCoercion.isUntypedNull(bound) && !bound.type().isIntegral()) {
      throw TypeCoercion.error(this, arg + " is " + bound.type() + " but the position must be an integer");
    }
    BoundExpression position = Cast.coerce(bound, DataType.INT);
    if (!Literal.isConstant(position)) {
      throw TypeCoercion.error(this, "the position " + arg + " must be a constant, as in Spark");
    }
    Integer value = (Integer) Literal.constantValue(position);
    if (value != null && value <= 0) {
      throw TypeCoercion.error(this, "the position must be above 0 but is " + value);
    }
    return value;
  }

  /** {@code source} with the matches of {@code pattern} from {@code start} replaced, as Spark's RegExpReplace. */
  static String replace(String source, Pattern pattern, String replacement, int start, Object call) {
    if (start != 0 && start >= source.length()) {
      return source;
    }
    Matcher m = pattern.matcher(source);
    m.region(start, source.length());
    StringBuilder result = new StringBuilder(source.length());
    try {
      while (m.find()) {
        m.appendReplacement(result, replacement);
      }
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new IllegalArgumentException(call + ": the replacement " + SqlText.string(replacement)
          + " does not fit the regular expression " + SqlText.string(pattern.pattern()) + ": " + e.getMessage(), e);
    }
    m.appendTail(result);
    return result.toString();
  }

  private static final class Bound extends BoundNode {
    private final Object call;
    private final BoundExpression str;
    private final RegexArgument regex;
    private final BoundExpression rep;
    private final int start;

    Bound(Object call, BoundExpression str, RegexArgument regex, BoundExpression rep, int start) {
      super(DataType.STRING, true);
      this.call = call;
      this.str = str;
      this.regex = regex;
      this.rep = rep;
      this.start = start;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object s = str.eval(row, context);
      if (s == null) {
        return null;
      }
      String pattern = regex.text(row, context);
      if (pattern == null) {
        return null;
      }
      Object r = rep.eval(row, context);
      return r == null ? null : replace((String) s, regex.compile(pattern), (String) r, start, call);
    }
  }
}
