package io.millrace.runtime.expr;

import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code value BETWEEN lower AND upper}, inclusive at both ends. It binds as
 * {@code value >= lower AND value <= upper}, which gives it the comparison typing rules and
 * the three-valued logic of AND.
 */
public final class Between extends Expression {
  private final Expression value;
  private final Expression lower;
  private final Expression upper;

  public Between(Expression value, Expression lower, Expression upper) {
    this.value = value;
    this.lower = lower;
    this.upper = upper;
  }

  /** The two comparisons it stands for: {@code value >= lower} and {@code value <= upper}. */
  List<Comparison> comparisons() {
    return List.of(new Comparison(Comparison.Op.GE, value, lower), new Comparison(Comparison.Op.LE, value, upper));
  }

  @Override
  public BoundExpression bind(Schema input) {
    return new Logical(Logical.Op.AND,
        new Comparison(Comparison.Op.GE, value, lower),
        new Comparison(Comparison.Op.LE, value, upper)).bind(input);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "(" + value + " BETWEEN " + lower + " AND " + upper + ")";
  }
}
