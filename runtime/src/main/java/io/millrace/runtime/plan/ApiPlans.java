package io.millrace.runtime.plan;

import io.millrace.api.plan.PlanNode;
import io.millrace.runtime.expr.ApiExpressions;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's logical plan for a plan the user API described, operator for operator; the
 * {@link Analyzer} then resolves it as any other. Each {@link PlanNode.Read} object becomes one
 * {@link LogicalPlan.SourceRelation}, and the same object twice (a self-union) the same
 * relation twice, so that it reads one source twice, as in Spark.
 */
public final class ApiPlans {
  private final Map<PlanNode.Read, LogicalPlan.SourceRelation> sources = new IdentityHashMap<>();
  private final Map<PlanNode.StaticRead, LogicalPlan.StaticRelation> statics = new IdentityHashMap<>();
  private final Map<LogicalPlan.SourceRelation, PlanNode.BatchRelation> batches;

  private ApiPlans(Map<LogicalPlan.SourceRelation, PlanNode.BatchRelation> batches) {
    this.batches = batches;
  }

  /**
   * The logical plan {@code plan} describes.
   *
   * @throws io.millrace.api.AnalysisException for SQL text that does not parse or a function that does not exist
   */
  public static LogicalPlan of(PlanNode plan) {
    return new ApiPlans(new IdentityHashMap<>()).translate(plan);
  }

  /**
   * As {@link #of(PlanNode)}, for a plan that may read the batch of {@code foreachBatch}: each
   * {@link PlanNode.BatchRelation} becomes a relation of the batch's schema, put into
   * {@code batches} with the batch it stands for.
   */
  public static LogicalPlan of(PlanNode plan, Map<LogicalPlan.SourceRelation, PlanNode.BatchRelation> batches) {
    return new ApiPlans(batches).translate(plan);
  }

  private LogicalPlan translate(PlanNode node) {
    if (node instanceof PlanNode.Read read) {
      return sources.computeIfAbsent(read,
          r -> new LogicalPlan.SourceRelation(r.format(), r.options(), r.schema()));
    } else if (node instanceof PlanNode.StaticRead read) {
      return statics.computeIfAbsent(read,
          r -> new LogicalPlan.StaticRelation(r.format(), r.options(), r.schema()));
    } else if (node instanceof PlanNode.BatchRelation batch) {
      LogicalPlan.SourceRelation relation = new LogicalPlan.SourceRelation("foreachBatch", Map.of(),
          java.util.Optional.of(batch.batch().schema()));
      batches.put(relation, batch);
      return relation;
    } else if (node instanceof PlanNode.Select n) {
      return new LogicalPlan.Project(translate(n.child()), ApiExpressions.of(n.columns()));
    } else if (node instanceof PlanNode.Filter n) {
      return new LogicalPlan.Filter(translate(n.child()), ApiExpressions.of(n.condition()));
    } else if (node instanceof PlanNode.WithColumn n) {
      return new LogicalPlan.WithColumn(translate(n.child()), n.name(), ApiExpressions.of(n.value()));
    } else if (node instanceof PlanNode.Rename n) {
      return new LogicalPlan.Rename(translate(n.child()), n.existing(), n.renamed());
    } else if (node instanceof PlanNode.Drop n) {
      return new LogicalPlan.Drop(translate(n.child()), n.columns());
    } else if (node instanceof PlanNode.Watermark n) {
      return new LogicalPlan.Watermark(translate(n.child()), n.column(), n.delayMillis());
    } else if (node instanceof PlanNode.Aggregate n) {
      return new LogicalPlan.Aggregate(translate(n.child()), ApiExpressions.of(n.grouping()),
          ApiExpressions.of(n.aggregates()));
    } else if (node instanceof PlanNode.Deduplicate n) {
      return new LogicalPlan.Deduplicate(translate(n.child()), n.columns(), n.withinWatermark());
    } else if (node instanceof PlanNode.TransformWithState n) {
      return new LogicalPlan.TransformWithState(translate(n.child()), n.keyColumns(), n.processor(), n.timeMode(),
          n.outputMode(), n.outputSchema(), initialState(n.initialState()), n.eventTimeColumn());
    } else if (node instanceof PlanNode.FlatMapGroupsWithState n) {
      return new LogicalPlan.FlatMapGroupsWithState(translate(n.child()), n.keyColumns(), n.function(), n.stateCodec(),
          n.outputMode(), n.outputSchema(), n.timeout(), n.mapGroups(), initialState(n.initialState()));
    } else if (node instanceof PlanNode.Union n) {
      List<LogicalPlan> inputs = new ArrayList<>(n.inputs().size());
      for (PlanNode input : n.inputs()) {
        inputs.add(translate(input));
      }
      return new LogicalPlan.Union(inputs, n.byName());
    } else if (node instanceof PlanNode.Join n) {
      return new LogicalPlan.Join(translate(n.left()), translate(n.right()),
          n.condition() == null ? null : ApiExpressions.of(n.condition()), n.using(), n.joinType());
    }
    throw new IllegalStateException("unknown plan node " + node.getClass().getName());
  }

  private LogicalPlan.InitialState initialState(PlanNode.InitialState initial) {
    return initial == null ? null : new LogicalPlan.InitialState(translate(initial.plan()), initial.keyColumns());
  }
}
