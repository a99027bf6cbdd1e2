package io.millrace.runtime.plan;

import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A query as the user API builds it: a source and the operators over it, by name, unresolved.
 * The {@link Analyzer} resolves it against the source's schema when the query starts.
 */
public sealed interface LogicalPlan {

  /** The stream a {@code readStream().load()} produced. */
  record SourceRelation(String format, Map<String, String> options, Optional<Schema> userSchema) implements LogicalPlan {
    public SourceRelation {
      options = Map.copyOf(options);
    }
  }

  /** {@code select}: one output column per expression. */
  record Project(LogicalPlan child, List<Expression> columns) implements LogicalPlan {
    public Project {
      columns = List.copyOf(columns);
    }
  }

  /** {@code filter} / {@code where}: keeps rows whose condition is true (not false, not null). */
  record Filter(LogicalPlan child, Expression condition) implements LogicalPlan {}

  /** {@code withColumn}: replaces the column of that name, or appends it. */
  record WithColumn(LogicalPlan child, String name, Expression value) implements LogicalPlan {}

  /**
   * {@code groupBy(grouping).agg(aggregates)}: a streaming aggregation, the one stateful
   * operator of its query.
   */
  record Aggregate(LogicalPlan child, List<Expression> grouping, List<Expression> aggregates) implements LogicalPlan {
    public Aggregate {
      grouping = List.copyOf(grouping);
      aggregates = List.copyOf(aggregates);
    }
  }

  /** {@code dropDuplicates(columns)} or {@code dropDuplicatesWithinWatermark(columns)}; empty means all columns. */
  record Deduplicate(LogicalPlan child, List<String> columns, boolean withinWatermark) implements LogicalPlan {
    public Deduplicate {
      columns = List.copyOf(columns);
    }
  }

  /**
   * {@code withWatermark(column, delay)}: rows pass unchanged; their event times set the
   * watermark of the next batch (max event time minus the delay).
   */
  record Watermark(LogicalPlan child, String column, long delayMillis) implements LogicalPlan {}

  /** {@code withColumnRenamed}: a missing column changes nothing, as in Spark. */
  record Rename(LogicalPlan child, String existing, String renamed) implements LogicalPlan {}

  /** {@code drop}: removes the named columns; names that do not exist are ignored, as in Spark. */
  record Drop(LogicalPlan child, List<String> names) implements LogicalPlan {
    public Drop {
      names = List.copyOf(names);
    }
  }

  /** The source at the bottom of {@code plan}. */
  static SourceRelation source(LogicalPlan plan) {
    LogicalPlan node = plan;
    while (true) {
      if (node instanceof SourceRelation) {
        return (SourceRelation) node;
      } else if (node instanceof Project) {
        node = ((Project) node).child();
      } else if (node instanceof Filter) {
        node = ((Filter) node).child();
      } else if (node instanceof WithColumn) {
        node = ((WithColumn) node).child();
      } else if (node instanceof Rename) {
        node = ((Rename) node).child();
      } else if (node instanceof Aggregate) {
        node = ((Aggregate) node).child();
      } else if (node instanceof Watermark) {
        node = ((Watermark) node).child();
      } else if (node instanceof Deduplicate) {
        node = ((Deduplicate) node).child();
      } else {
        node = ((Drop) node).child();
      }
    }
  }
}
