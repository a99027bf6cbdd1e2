package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.function.Predicate;

/**
 * {@code value LIKE pattern}; see {@link LikePattern} for the pattern syntax. A constant
 * pattern, the usual case, is compiled once at bind time; a pattern computed per row is
 * compiled per row.
 */
public final class Like extends Expression {
  private final Expression value;
  private final Expression pattern;

  public Like(Expression value, Expression pattern) {
    this.value = value;
    this.pattern = pattern;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression v = TypeCoercion.asString(value.bind(input), value, this);
    BoundExpression p = TypeCoercion.asString(pattern.bind(input), pattern, this);
    if (Literal.isConstant(p)) {
      String text = (String) Literal.constantValue(p);
      return text == null ? Literal.bound(null, DataType.BOOLEAN) : new ConstantLike(v, LikePattern.compile(text));
    }
    return new RowLike(v, p);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(" + value + " LIKE " + pattern + ")";
  }

  private static final class ConstantLike extends BoundNode {
    private final BoundExpression value;
    private final Predicate<String> matcher;

    ConstantLike(BoundExpression value, Predicate<String> matcher) {
      super(DataType.BOOLEAN, value.nullable());
      this.value = value;
      this.matcher = matcher;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = value.eval(row, context);
      return v == null ? null : matcher.test((String) v);
    }
  }

  private static final class RowLike extends BoundNode {
    private final BoundExpression value;
    private final BoundExpression pattern;

    RowLike(BoundExpression value, BoundExpression pattern) {
      super(DataType.BOOLEAN, value.nullable() || pattern.nullable());
      this.value = value;
      this.pattern = pattern;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = value.eval(row, context);
      if (v == null) {
        return null;
      }
      Object p = pattern.eval(row, context);
      return p == null ? null : LikePattern.compile((String) p).test((String) v);
    }
  }
}
