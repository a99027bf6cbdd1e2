package io.millrace.runtime.expr;

import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code nvl(x, y)} and {@code ifnull(x, y)}: x unless it is NULL, then y. Spark makes them
 * {@code coalesce(x, y)}, and so does this: the same common type, and an error that names the
 * coalesce, as Spark's does.
 */
public final class Nvl extends FunctionCall {

  public Nvl(String name, Expression x, Expression y) {
    super(name, List.of(x, y));
  }

  @Override
  public BoundExpression bind(Schema input) {
    return new Coalesce(args).bind(input);
  }
}
