package io.millrace.runtime.plan;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.state.AggregationPlan;
import io.millrace.runtime.state.DeduplicationPlan;
import io.millrace.spi.data.Schema;
import java.util.Optional;

/**
 * A resolved query: the stateless operators before the stateful one, the stateful operator (a
 * streaming aggregation) if there is one, and the stateless operators over its output.
 *
 * @param before the per-row pipeline from the source to the aggregation (or to the sink)
 * @param aggregation the streaming aggregation, if any
 * @param deduplication the streaming deduplication, if any (a query has at most one stateful operator)
 * @param after the per-row pipeline over the aggregation's output (identity when there is none)
 * @param watermark the query's {@code withWatermark}, if any
 */
public record QueryPlan(RowPipeline before, Optional<AggregationPlan> aggregation,
    Optional<DeduplicationPlan> deduplication, RowPipeline after, Optional<LogicalPlan.Watermark> watermark) {

  /** The watermark delay in milliseconds, if the query declares an event time. */
  public Optional<Long> watermarkDelayMillis() {
    return watermark.map(LogicalPlan.Watermark::delayMillis);
  }

  /** The schema the sink receives. */
  public Schema outputSchema() {
    return after.outputSchema();
  }

  public boolean isStateful() {
    return aggregation.isPresent() || deduplication.isPresent();
  }

  /** Whether the stateful operator emits or forgets state as the watermark passes. */
  public boolean evictsByWatermark() {
    return aggregation.map(AggregationPlan::evictsByWatermark).orElse(false)
        || deduplication.map(DeduplicationPlan::evictsByWatermark).orElse(false);
  }

  /** Resolves {@code plan} over rows of {@code sourceSchema}. */
  public static QueryPlan analyze(LogicalPlan plan, Schema sourceSchema) {
    Optional<LogicalPlan> stateful = findStateful(plan);
    Optional<LogicalPlan.Watermark> watermark = findWatermark(plan, stateful);
    if (stateful.isEmpty()) {
      RowPipeline only = Analyzer.analyze(plan, sourceSchema);
      return new QueryPlan(only, Optional.empty(), Optional.empty(), Analyzer.analyze(relation(), only.outputSchema()),
          watermark);
    }
    Optional<String> eventTime = watermark.map(LogicalPlan.Watermark::column);
    if (stateful.get() instanceof LogicalPlan.Deduplicate) {
      LogicalPlan.Deduplicate d = (LogicalPlan.Deduplicate) stateful.get();
      RowPipeline before = Analyzer.analyze(d.child(), sourceSchema);
      DeduplicationPlan dedup = DeduplicationPlan.bind(d.columns(), d.withinWatermark(), before.outputSchema(), eventTime,
          watermark.map(LogicalPlan.Watermark::delayMillis).orElse(0L));
      RowPipeline after = Analyzer.analyze(replace(plan, d, relation()), before.outputSchema());
      return new QueryPlan(before, Optional.empty(), Optional.of(dedup), after, watermark);
    }
    LogicalPlan.Aggregate agg = (LogicalPlan.Aggregate) stateful.get();
    RowPipeline before = Analyzer.analyze(agg.child(), sourceSchema);
    AggregationPlan aggregation = AggregationPlan.bind(agg.grouping(), agg.aggregates(), before.outputSchema(), eventTime);
    RowPipeline after = Analyzer.analyze(replace(plan, agg, relation()), aggregation.outputSchema());
    return new QueryPlan(before, Optional.of(aggregation), Optional.empty(), after, watermark);
  }

  private static LogicalPlan relation() {
    return new LogicalPlan.SourceRelation("(input)", java.util.Map.of(), Optional.empty());
  }

  private static Optional<LogicalPlan> findStateful(LogicalPlan plan) {
    LogicalPlan found = null;
    for (LogicalPlan node = plan; !(node instanceof LogicalPlan.SourceRelation); node = child(node)) {
      if (node instanceof LogicalPlan.Aggregate || node instanceof LogicalPlan.Deduplicate) {
        if (found != null) {
          throw new AnalysisException("a query may hold one stateful operator (an aggregation or a deduplication); "
              + "this one holds two");
        }
        found = node;
      }
    }
    return Optional.ofNullable(found);
  }

  /** The query's one withWatermark, which must come before its aggregation to mean anything. */
  private static Optional<LogicalPlan.Watermark> findWatermark(LogicalPlan plan, Optional<LogicalPlan> stateful) {
    LogicalPlan.Watermark found = null;
    boolean belowAggregate = stateful.isEmpty();
    for (LogicalPlan node = plan; !(node instanceof LogicalPlan.SourceRelation); node = child(node)) {
      if (stateful.isPresent() && node == stateful.get()) {
        belowAggregate = true;
      }
      if (node instanceof LogicalPlan.Watermark) {
        if (found != null) {
          throw new AnalysisException("withWatermark is given twice; a stream has one event time");
        }
        if (!belowAggregate) {
          throw new AnalysisException("withWatermark(\"" + ((LogicalPlan.Watermark) node).column() + "\", ..) comes after "
              + "the stateful operator, where it cannot evict state or drop late rows; declare it before groupBy(..) "
              + "or dropDuplicates(..)");
        }
        found = (LogicalPlan.Watermark) node;
      }
    }
    return Optional.ofNullable(found);
  }

  private static LogicalPlan child(LogicalPlan node) {
    if (node instanceof LogicalPlan.Watermark) {
      return ((LogicalPlan.Watermark) node).child();
    }
    if (node instanceof LogicalPlan.Project) {
      return ((LogicalPlan.Project) node).child();
    } else if (node instanceof LogicalPlan.Filter) {
      return ((LogicalPlan.Filter) node).child();
    } else if (node instanceof LogicalPlan.WithColumn) {
      return ((LogicalPlan.WithColumn) node).child();
    } else if (node instanceof LogicalPlan.Rename) {
      return ((LogicalPlan.Rename) node).child();
    } else if (node instanceof LogicalPlan.Aggregate) {
      return ((LogicalPlan.Aggregate) node).child();
    } else if (node instanceof LogicalPlan.Deduplicate) {
      return ((LogicalPlan.Deduplicate) node).child();
    }
    return ((LogicalPlan.Drop) node).child();
  }

  /** {@code plan} with {@code target} replaced by {@code replacement}. */
  private static LogicalPlan replace(LogicalPlan plan, LogicalPlan target, LogicalPlan replacement) {
    if (plan == target) {
      return replacement;
    }
    if (plan instanceof LogicalPlan.Project) {
      LogicalPlan.Project p = (LogicalPlan.Project) plan;
      return new LogicalPlan.Project(replace(p.child(), target, replacement), p.columns());
    } else if (plan instanceof LogicalPlan.Filter) {
      LogicalPlan.Filter f = (LogicalPlan.Filter) plan;
      return new LogicalPlan.Filter(replace(f.child(), target, replacement), f.condition());
    } else if (plan instanceof LogicalPlan.WithColumn) {
      LogicalPlan.WithColumn w = (LogicalPlan.WithColumn) plan;
      return new LogicalPlan.WithColumn(replace(w.child(), target, replacement), w.name(), w.value());
    } else if (plan instanceof LogicalPlan.Rename) {
      LogicalPlan.Rename r = (LogicalPlan.Rename) plan;
      return new LogicalPlan.Rename(replace(r.child(), target, replacement), r.existing(), r.renamed());
    } else if (plan instanceof LogicalPlan.Watermark) {
      LogicalPlan.Watermark w = (LogicalPlan.Watermark) plan;
      return new LogicalPlan.Watermark(replace(w.child(), target, replacement), w.column(), w.delayMillis());
    } else if (plan instanceof LogicalPlan.Drop) {
      LogicalPlan.Drop d = (LogicalPlan.Drop) plan;
      return new LogicalPlan.Drop(replace(d.child(), target, replacement), d.names());
    }
    return plan;
  }
}
