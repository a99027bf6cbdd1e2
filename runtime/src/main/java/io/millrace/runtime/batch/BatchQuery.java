package io.millrace.runtime.batch;

import io.millrace.api.AnalysisException;
import io.millrace.api.plan.PlanNode;
import io.millrace.runtime.Engine;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.plan.Analyzer;
import io.millrace.runtime.plan.ApiPlans;
import io.millrace.runtime.plan.LogicalPlan;
import io.millrace.runtime.plan.ResolvedPlan;
import io.millrace.runtime.plan.RowPipeline;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A query over the batch {@code foreachBatch} hands the user: a bounded dataset, evaluated at
 * once over the batch's rows. Only stateless operators (select, filter, withColumn, drop,
 * rename) are evaluated; a watermark changes nothing on a bounded input, as in Spark; an
 * aggregation, a deduplication or a union is refused with the reason.
 */
final class BatchQuery {
  private final PlanNode.BatchRelation input;
  private final RowPipeline pipeline;
  /** Whether the query is the batch as it is, so its count is the batch's. */
  private final boolean wholeBatch;

  private BatchQuery(PlanNode.BatchRelation input, RowPipeline pipeline, boolean wholeBatch) {
    this.input = input;
    this.pipeline = pipeline;
    this.wholeBatch = wholeBatch;
  }

  /**
   * The query {@code plan} describes, resolved against the batch's schema.
   *
   * @throws AnalysisException if the plan reads a stream, or holds an operator a batch does not evaluate
   */
  static BatchQuery of(PlanNode plan) {
    Map<LogicalPlan.SourceRelation, PlanNode.BatchRelation> batches = new IdentityHashMap<>();
    LogicalPlan logical = ApiPlans.of(plan, batches);
    List<LogicalPlan.SourceRelation> relations = logical.collect(LogicalPlan.SourceRelation.class);
    for (LogicalPlan.SourceRelation r : relations) {
      if (!batches.containsKey(r)) {
        throw new AnalysisException("Queries with streaming sources must be executed with writeStream().start(): "
            + "this dataset reads the stream of source '" + r.format() + "'");
      }
    }
    ResolvedPlan resolved = Analyzer.resolve(logical,
        r -> new ResolvedPlan.Source(0, "foreachBatch", batches.get(r).batch().schema()));
    List<RowPipeline.Step> stages = new ArrayList<>();
    ResolvedPlan source = resolved.accept(new StagesToSource(stages));
    Collections.reverse(stages);
    return new BatchQuery(batches.values().iterator().next(),
        RowPipeline.ofSteps(stages, source.schema(), resolved.schema()), stages.isEmpty());
  }

  /**
   * Walks from the top of the plan down to its source, gathering the stateless stages (top
   * first) and returning the source; refuses every operator a batch does not evaluate.
   */
  private record StagesToSource(List<RowPipeline.Step> stages) implements ResolvedPlan.Visitor<ResolvedPlan> {
    @Override
    public ResolvedPlan source(ResolvedPlan.Source source) {
      return source;
    }

    @Override
    public ResolvedPlan staticSource(ResolvedPlan.StaticSource source) {
      throw refused("a static table (read())");
    }

    @Override
    public ResolvedPlan stateless(ResolvedPlan.Stateless stateless) {
      stages.add(stateless.step());
      return stateless.child().accept(this);
    }

    @Override
    public ResolvedPlan watermark(ResolvedPlan.Watermark watermark) {
      return watermark.child().accept(this); // changes nothing on a bounded input, as in Spark
    }

    @Override
    public ResolvedPlan aggregate(ResolvedPlan.Aggregate aggregate) {
      throw refused("groupBy(..).agg(..)");
    }

    @Override
    public ResolvedPlan deduplicate(ResolvedPlan.Deduplicate deduplicate) {
      throw refused("dropDuplicates(..)");
    }

    @Override
    public ResolvedPlan transformWithState(ResolvedPlan.TransformWithState transform) {
      throw refused(transform.plan().apiName() + "(..)");
    }

    @Override
    public ResolvedPlan union(ResolvedPlan.Union union) {
      throw refused("union(..)");
    }

    @Override
    public ResolvedPlan join(ResolvedPlan.Join join) {
      throw refused("join(..)");
    }

    private static AnalysisException refused(String operator) {
      return new AnalysisException(operator + " is not supported on the batch of foreachBatch: only stateless "
          + "operators (select, filter, withColumn, drop, withColumnRenamed) are; aggregate in the streaming query "
          + "before foreachBatch, or in your own code over collectAsList()");
    }
  }

  Schema schema() {
    return pipeline.outputSchema();
  }

  PlanNode.BatchRelation input() {
    return input;
  }

  /** How many rows the query gives. */
  long count(Engine engine) {
    if (wholeBatch) {
      return input.batch().numRows();
    }
    EvalContext context = context(engine);
    long[] n = {0};
    Consumer<Row> counter = r -> n[0]++;
    for (Row row : input.batch()) {
      pipeline.forEachOutput(row, context, counter);
    }
    return n[0];
  }

  /** A batch query reads the session clock for current_timestamp(); a replay may see another time. */
  private static EvalContext context(Engine engine) {
    return EvalContext.ofBatchTimestamp(engine.clock().millis() * 1000);
  }

  /** The rows of the query's result, in the batch's order; copies, which the caller may keep. */
  List<Row> rows(Engine engine) {
    EvalContext context = context(engine);
    List<Row> out = new ArrayList<>();
    // the batch's rows may be reused once the batch is written: keep copies
    Consumer<Row> copies = r -> out.add(Row.wrap(r.toArray()));
    for (Row row : input.batch()) {
      pipeline.forEachOutput(row, context, copies);
    }
    return out;
  }
}
