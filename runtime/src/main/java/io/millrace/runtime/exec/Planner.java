package io.millrace.runtime.exec;

import io.millrace.runtime.plan.ResolvedPlan;
import io.millrace.runtime.plan.RowPipeline;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Turns a resolved plan into physical operators: a scan per source, consecutive stateless
 * operators fused into one pipeline, an exchange by key group under each stateful operator, and
 * the sink's writer at the root. Stateful operators are numbered as Spark numbers them: from the
 * sink down, the one nearest the sink first (a query of one stateful operator keeps its state in
 * {@code state/0/}); the same query always gets the same ids.
 */
final class Planner implements ResolvedPlan.Visitor<PhysicalOperator> {
  private final int partitions;
  private final int maxKeyGroups;
  private final List<StatefulExec> stateful = new ArrayList<>();
  /** Each stateful node's operator id, numbered before the tree is built. */
  private final java.util.Map<ResolvedPlan, Integer> operatorIds = new java.util.IdentityHashMap<>();
  private final java.util.SortedMap<Integer, Long> watermarkDelays = new java.util.TreeMap<>();

  private Planner(int partitions, int maxKeyGroups) {
    this.partitions = partitions;
    this.maxKeyGroups = maxKeyGroups;
  }

  static PhysicalPlan plan(ResolvedPlan resolved, String sink, int partitions, int maxKeyGroups) {
    Planner planner = new Planner(partitions, maxKeyGroups);
    planner.numberStatefulOperators(resolved);
    WriteExec root = new WriteExec(resolved.accept(planner), sink);
    long[] delays = new long[planner.watermarkDelays.size()];
    planner.watermarkDelays.forEach((id, delay) -> delays[id] = delay);
    planner.stateful.sort(java.util.Comparator.comparingInt(StatefulExec::operatorId));
    return new PhysicalPlan(root, planner.stateful, delays);
  }

  @Override
  public PhysicalOperator source(ResolvedPlan.Source source) {
    return new ScanExec(source.index(), source.describe(), source.schema());
  }

  @Override
  public PhysicalOperator staticSource(ResolvedPlan.StaticSource source) {
    throw new io.millrace.api.AnalysisException("a static dataset (read() of " + source.describe() + ") can only be"
        + " the static side of a join with a stream; a query's output must read a stream (readStream())");
  }

  @Override
  public PhysicalOperator stateless(ResolvedPlan.Stateless stateless) {
    return fuse(stateless);
  }

  @Override
  public PhysicalOperator watermark(ResolvedPlan.Watermark watermark) {
    return fuse(watermark);
  }

  @Override
  public PhysicalOperator aggregate(ResolvedPlan.Aggregate aggregate) {
    PhysicalOperator input = exchange(aggregate.child(), aggregate.plan().keySchema());
    return register(new AggregateExec(input, operatorIds.get(aggregate), aggregate.child().watermarked(),
        eventTimeColumn(aggregate.child()), aggregate.plan()));
  }

  @Override
  public PhysicalOperator deduplicate(ResolvedPlan.Deduplicate dedup) {
    PhysicalOperator input = exchange(dedup.child(), dedup.plan().keySchema());
    return register(new DeduplicateExec(input, operatorIds.get(dedup), dedup.child().watermarked(),
        eventTimeColumn(dedup.child()), dedup.plan(), dedup.schema()));
  }

  @Override
  public PhysicalOperator transformWithState(ResolvedPlan.TransformWithState t) {
    PhysicalOperator input = exchange(t.child(), t.plan().keySchema());
    return register(new TransformWithStateExec(input, operatorIds.get(t), t.child().watermarked(),
        eventTimeColumn(t.child()), t.plan()));
  }

  @Override
  public PhysicalOperator union(ResolvedPlan.Union union) {
    List<PhysicalOperator> inputs = new ArrayList<>();
    for (ResolvedPlan child : union.children()) {
      inputs.add(child.accept(this));
    }
    return new UnionExec(inputs, union.schema());
  }

  @Override
  public PhysicalOperator join(ResolvedPlan.Join join) {
    PhysicalOperator left = exchange(join.left(), join.plan().keySchema());
    PhysicalOperator right = exchange(join.right(), join.plan().keySchema());
    return register(new JoinExec(left, right, operatorIds.get(join), join.watermarked(), eventTimeColumn(join),
        join.plan()));
  }

  /** Numbers the stateful nodes top-down, parents before children, left to right. */
  private void numberStatefulOperators(ResolvedPlan node) {
    if (node.stateful()) {
      operatorIds.put(node, operatorIds.size());
    }
    for (ResolvedPlan child : node.children()) {
      numberStatefulOperators(child);
    }
  }

  private static java.util.Optional<String> eventTimeColumn(ResolvedPlan input) {
    return input.eventTime().map(ResolvedPlan.EventTime::column);
  }

  private PhysicalOperator exchange(ResolvedPlan input, io.millrace.spi.data.Schema keySchema) {
    return new ExchangeExec(input.accept(this), keySchema, partitions, maxKeyGroups);
  }

  private StatefulExec register(StatefulExec op) {
    stateful.add(op);
    return op;
  }

  /** {@code top} and the stateless operators under it, down to the first other node, as one pipeline. */
  private PhysicalOperator fuse(ResolvedPlan top) {
    List<ResolvedPlan> nodes = new ArrayList<>();
    ResolvedPlan node = top;
    while (node instanceof ResolvedPlan.Stateless || node instanceof ResolvedPlan.Watermark) {
      nodes.add(node);
      node = node.children().get(0);
    }
    Collections.reverse(nodes);
    FusedSteps steps = new FusedSteps();
    boolean definesWatermark = false;
    for (ResolvedPlan n : nodes) {
      if (n instanceof ResolvedPlan.Watermark w) {
        definesWatermark = true;
        watermarkDelays.put(w.id(), w.delayMillis());
        steps.watermark(w);
      } else {
        steps.stateless((ResolvedPlan.Stateless) n);
      }
    }
    PhysicalOperator input = node.accept(this);
    return new PipelineExec(input, RowPipeline.ofSteps(steps.steps(), node.schema(), top.schema()), steps.names(),
        definesWatermark);
  }
}
