package io.millrace.api;

import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.plan.LogicalPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * A stream grouped by {@code groupBy(..)}, waiting for its aggregates, like Spark's
 * {@code RelationalGroupedDataset}: {@code count()}, {@code sum("amount")},
 * {@code agg(count("*").as("n"), avg("amount"))}. The result is a streaming aggregation whose
 * running values are kept in the state store of {@code millrace.state.provider}.
 */
public final class GroupedData {
  private final MillraceSession session;
  private final LogicalPlan child;
  private final List<Expression> grouping;

  GroupedData(MillraceSession session, LogicalPlan child, List<Expression> grouping) {
    this.session = session;
    this.child = child;
    this.grouping = List.copyOf(grouping);
  }

  /** One or more aggregate functions, each optionally named with {@code .as(..)}. */
  public Dataset agg(Column aggregate, Column... more) {
    List<Expression> all = new ArrayList<>();
    all.add(aggregate.expression());
    for (Column c : more) {
      all.add(c.expression());
    }
    return new Dataset(session, new LogicalPlan.Aggregate(child, grouping, all));
  }

  /** The number of rows per group, in a column named {@code count}. */
  public Dataset count() {
    return agg(new Column(new AggregateCall(AggregateCall.Function.COUNT, null, "count")));
  }

  public Dataset sum(String... columns) {
    return each(AggregateCall.Function.SUM, columns);
  }

  public Dataset min(String... columns) {
    return each(AggregateCall.Function.MIN, columns);
  }

  public Dataset max(String... columns) {
    return each(AggregateCall.Function.MAX, columns);
  }

  public Dataset avg(String... columns) {
    return each(AggregateCall.Function.AVG, columns);
  }

  private Dataset each(AggregateCall.Function function, String... columns) {
    if (columns.length == 0) {
      throw new AnalysisException(function.sqlName() + "(..) needs at least one column");
    }
    List<Expression> all = new ArrayList<>();
    for (String c : columns) {
      all.add(new AggregateCall(function, functions.col(c).expression(), null));
    }
    return new Dataset(session, new LogicalPlan.Aggregate(child, grouping, all));
  }
}
