package io.millrace.runtime.expr;

/** What the runtime needs to name the columns a {@code select} produces. */
public final class NamedExpressions {

  private NamedExpressions() {
  }

  /**
   * The name of the output column for {@code e}: an alias's name, a column reference's own
   * name, otherwise the expression's SQL text, as Spark names unaliased columns.
   */
  public static String outputName(Expression e) {
    return e.defaultName();
  }
}
