package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;

/**
 * A resolved expression that evaluates against rows of the schema it was bound to. Values use
 * the Java representation of {@link DataType}; null follows SQL three-valued logic. Instances
 * are immutable and safe to share between task threads.
 */
public interface BoundExpression {

  DataType type();

  boolean nullable();

  /**
   * The value for {@code row}, or null. An expression reads the row while it evaluates and keeps
   * no reference to it: a projection hands the row it is still filling to the columns it makes
   * next ({@code plan.Projection}).
   */
  Object eval(Row row, EvalContext context);
}
