package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Literal;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * The argument an aggregator is fed, bound. Most take their one argument's value and skip
 * NULLs. {@code first} and {@code last}, which may keep a NULL, and {@code max_by} and
 * {@code min_by}, which need two values, take a {@link Pair}: never NULL itself, so every row
 * reaches them.
 */
final class AggregateArguments {
  private AggregateArguments() {}

  /** Two values of one row: the aggregated one and, for max_by and min_by, its ordering. */
  record Pair(Object value, Object ordering) {}

  /** The bound argument that gives {@link Pair}s; its type is the value's. */
  interface PairArgument extends BoundExpression {
    /** The ordering's type, or null for first and last. */
    DataType orderingType();
  }

  static BoundExpression bind(AggregateCall call, Schema input) {
    BoundExpression value = call.argument().bind(input);
    switch (call.function()) {
      case FIRST: case LAST: {
        boolean ignoreNulls = false;
        if (!call.more().isEmpty()) {
          BoundExpression flag = call.more().get(0).bind(input);
          if (!Literal.isBooleanConstant(flag)) {
            throw new AnalysisException(call + ": its ignoreNulls must be TRUE or FALSE, a literal");
          }
          ignoreNulls = (Boolean) Literal.valueOf(flag);
        }
        return ignoreNulls ? value : pair(value, null);
      }
      case MAX_BY: case MIN_BY:
        return pair(value, call.more().get(0).bind(input));
      case APPROX_COUNT_DISTINCT: case PERCENTILE_APPROX:
        return value; // their constant arguments are read by constants(..)
      default:
        if (!call.more().isEmpty()) {
          throw new AnalysisException(call + " takes one argument");
        }
        return value;
    }
  }

  /** A constant argument's value (null for NULL) and its type. */
  record Constant(Object value, DataType type) {}

  /**
   * The arguments after the first, each a constant (it reads no column), evaluated once: the
   * relative error of approx_count_distinct, the percentage and accuracy of percentile_approx.
   */
  static List<Constant> constants(AggregateCall call, List<String> names) {
    List<Constant> out = new ArrayList<>();
    for (int i = 0; i < call.more().size(); i++) {
      BoundExpression bound;
      try {
        bound = call.more().get(i).bind(NO_COLUMNS);
      } catch (AnalysisException e) {
        throw new AnalysisException(call + ": its " + names.get(i) + " must be a constant, but '" + call.more().get(i)
            + "' is not (" + e.getMessage() + ")", e);
      }
      out.add(new Constant(bound.eval(Row.of(), () -> 0L), bound.type()));
    }
    return out;
  }

  private static final Schema NO_COLUMNS = Schema.of(List.of());

  /** A {@link Pair} of the two arguments' values (the ordering absent for first and last); its type is the value's. */
  private static BoundExpression pair(BoundExpression value, BoundExpression ordering) {
    return new PairArgument() {
      @Override
      public DataType orderingType() {
        return ordering == null ? null : ordering.type();
      }

      @Override
      public DataType type() {
        return value.type();
      }

      @Override
      public boolean nullable() {
        return false;
      }

      @Override
      public Object eval(Row row, EvalContext context) {
        return new Pair(value.eval(row, context), ordering == null ? null : ordering.eval(row, context));
      }

      /** The ordering's type, for max_by and min_by. */
      @Override
      public String toString() {
        return ordering == null ? "pair(" + value + ")" : "pair(" + value + ", " + ordering + ")";
      }
    };
  }
}
