package io.millrace.api;

import io.millrace.api.plan.ColumnNode;
import io.millrace.api.plan.PlanNode;
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
  private final PlanNode child;
  private final List<ColumnNode> grouping;

  GroupedData(MillraceSession session, PlanNode child, List<ColumnNode> grouping) {
    this.session = session;
    this.child = child;
    this.grouping = List.copyOf(grouping);
  }

  /** One or more aggregate functions, each optionally named with {@code .as(..)}. */
  public Dataset agg(Column aggregate, Column... more) {
    List<ColumnNode> all = new ArrayList<>();
    all.add(aggregate.node());
    for (Column c : more) {
      all.add(c.node());
    }
    return new Dataset(session, new PlanNode.Aggregate(child, grouping, all));
  }

  /** The number of rows per group, in a column named {@code count}. */
  public Dataset count() {
    return agg(functions.count("*").as("count"));
  }

  public Dataset sum(String... columns) {
    return each("sum", columns);
  }

  public Dataset min(String... columns) {
    return each("min", columns);
  }

  public Dataset max(String... columns) {
    return each("max", columns);
  }

  public Dataset avg(String... columns) {
    return each("avg", columns);
  }

  private Dataset each(String function, String... columns) {
    if (columns.length == 0) {
      throw new AnalysisException(function + "(..) needs at least one column");
    }
    List<ColumnNode> all = new ArrayList<>();
    for (String c : columns) {
      all.add(new ColumnNode.Call(function, List.of(functions.col(c).node())));
    }
    return new Dataset(session, new PlanNode.Aggregate(child, grouping, all));
  }
}
