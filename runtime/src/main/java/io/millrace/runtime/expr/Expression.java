package io.millrace.runtime.expr;

import io.millrace.spi.data.Schema;

/**
 * An unresolved expression tree, as the user API and the expression parser build it: it
 * names columns by name. {@link #bind} resolves it against an input schema, checking names
 * and types, and returns the form that evaluates rows.
 */
public abstract class Expression {

  /**
   * Resolves column names to positions of {@code input} and checks types.
   *
   * @throws io.millrace.api.AnalysisException naming the column or operator at fault and
   *     the columns available
   */
  public abstract BoundExpression bind(Schema input);

  /**
   * The column name this expression gets in a {@code select} without an alias: the column's
   * own name for a column reference, the alias for an alias, otherwise its SQL text.
   */
  public abstract String defaultName();

  /** {@link #defaultName()} as bound to {@code input}, where a name can depend on what it resolves to. */
  public String defaultName(Schema input) {
    return defaultName();
  }

  /** SQL-like text, used in messages and as the default name. */
  @Override
  public abstract String toString();
}
