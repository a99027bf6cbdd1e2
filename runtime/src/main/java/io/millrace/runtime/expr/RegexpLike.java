package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * {@code str RLIKE regexp} (also {@code REGEXP}), and the functions {@code regexp_like},
 * {@code rlike} and {@code regexp}: whether {@code regexp} matches some part of {@code str}
 * (Java's {@code find}, so anchor it with {@code ^...$} to match the whole text). NULL in
 * either argument gives NULL.
 */
public final class RegexpLike extends Expression {
  private final String function;
  private final Expression value;
  private final Expression pattern;

  /** The operator form, {@code value RLIKE pattern}. */
  public RegexpLike(Expression value, Expression pattern) {
    this(null, value, pattern);
  }

  /** The function form, {@code function(value, pattern)}, for one of the function's names. */
  public RegexpLike(String function, Expression value, Expression pattern) {
    this.function = function;
    this.value = value;
    this.pattern = pattern;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression v = TypeCoercion.asString(value.bind(input), value, this);
    RegexArgument regex = RegexArgument.bind(pattern.bind(input), pattern, this);
    return new Bound(v, regex);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return function == null ? "(" + value + " RLIKE " + pattern + ")" : function + "(" + value + ", " + pattern + ")";
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression value;
    private final RegexArgument regex;

    Bound(BoundExpression value, RegexArgument regex) {
      super(DataType.BOOLEAN, true);
      this.value = value;
      this.regex = regex;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = value.eval(row, context);
      String pattern = v == null ? null : regex.text(row, context);
      return pattern == null ? null : regex.compile(pattern).matcher((String) v).find();
    }
  }
}
