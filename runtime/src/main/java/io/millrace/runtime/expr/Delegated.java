package io.millrace.runtime.expr;

import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * A function that means another expression — {@code to_date(s, p)} is
 * {@code CAST(to_timestamp(s, p) AS DATE)}, {@code current_date()} is
 * {@code CAST(current_timestamp() AS DATE)} — keeping its own name, which is the column's
 * default name, as Spark's {@code RuntimeReplaceable} functions do.
 */
final class Delegated extends FunctionCall {
  private final Expression replacement;

  Delegated(String name, List<Expression> args, Expression replacement) {
    super(name, args);
    this.replacement = replacement;
  }

  @Override
  public BoundExpression bind(Schema input) {
    return replacement.bind(input);
  }
}
