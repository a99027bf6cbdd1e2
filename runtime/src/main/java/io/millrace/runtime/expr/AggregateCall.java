package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Schema;
import java.util.Locale;

/**
 * A call of an aggregate function — {@code count}, {@code sum}, {@code min}, {@code max},
 * {@code avg} — as written in {@code groupBy(..).agg(..)}. It is not evaluated row by row:
 * the streaming aggregation binds its argument and keeps a running value per group in state.
 * Anywhere else it is an error.
 */
public final class AggregateCall extends Expression {
  /** The aggregate functions. */
  public enum Function {
    COUNT, SUM, MIN, MAX, AVG;

    public String sqlName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Function function;
  private final Expression argument;
  private final String name;

  /**
   * @param argument what is aggregated; null for {@code count(*)}
   * @param name the output name when no alias is given; null for Spark's {@code fn(arg)}
   */
  public AggregateCall(Function function, Expression argument, String name) {
    this.function = function;
    this.argument = argument;
    this.name = name;
  }

  public Function function() {
    return function;
  }

  /** The argument, or null for {@code count(*)}. */
  public Expression argument() {
    return argument;
  }

  @Override
  public BoundExpression bind(Schema input) {
    throw new AnalysisException("aggregate function " + this + " is allowed only in groupBy(..).agg(..) "
        + "or as groupBy(..)." + function.sqlName() + "(..)");
  }

  @Override
  public String defaultName() {
    return name != null ? name : toString();
  }

  @Override
  public String toString() {
    return function.sqlName() + "(" + (argument == null ? "1" : argument.toString()) + ")";
  }
}
