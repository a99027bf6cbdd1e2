package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Schema;
import java.util.List;
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
    COUNT, SUM, MIN, MAX, AVG,
    COUNT_IF, STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP, FIRST, LAST, MAX_BY, MIN_BY, COLLECT_LIST, COLLECT_SET,
    APPROX_COUNT_DISTINCT, PERCENTILE_APPROX;

    public String sqlName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Function function;
  private final Expression argument;
  private final String name;
  /**
   * Arguments after the first: first's and last's ignoreNulls, max_by's and min_by's ordering,
   * approx_count_distinct's relativeSD, percentile_approx's percentage and accuracy.
   */
  private final List<Expression> more;

  /**
   * @param argument what is aggregated; null for {@code count(*)}
   * @param name the output name when no alias is given; null for Spark's {@code fn(arg)}
   */
  public AggregateCall(Function function, Expression argument, String name) {
    this(function, argument, name, List.of());
  }

  public AggregateCall(Function function, Expression argument, String name, List<Expression> more) {
    this.function = function;
    this.argument = argument;
    this.name = name;
    this.more = List.copyOf(more);
  }

  /** The arguments after the first. */
  public List<Expression> more() {
    return more;
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
    StringBuilder text = new StringBuilder(function.sqlName()).append('(').append(argument == null ? "1" : argument);
    more.forEach(m -> text.append(", ").append(m));
    return text.append(')').toString();
  }
}
