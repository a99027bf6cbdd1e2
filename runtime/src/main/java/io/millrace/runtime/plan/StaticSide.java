package io.millrace.runtime.plan;

import io.millrace.api.AnalysisException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The static side of a stream-static join: the table and the stateless operators over it
 * (select, filter, withColumn, ...), which run once per read of the table. A watermark changes
 * nothing on a static table, as in Spark; anything stateful, a union or a join there is refused.
 */
record StaticSide(StaticTable table, RowPipeline rows) {

  /** Whether {@code plan} reads a static table and no stream. */
  static boolean isStatic(ResolvedPlan plan) {
    return reads(plan, ResolvedPlan.StaticSource.class) && !reads(plan, ResolvedPlan.Source.class);
  }

  private static boolean reads(ResolvedPlan plan, Class<? extends ResolvedPlan> leaf) {
    return leaf.isInstance(plan) || plan.children().stream().anyMatch(c -> reads(c, leaf));
  }

  static StaticSide of(ResolvedPlan plan) {
    return of(plan, "the static side of a join");
  }

  /** As {@link #of(ResolvedPlan)}; {@code what} names the static dataset's role in an error. */
  static StaticSide of(ResolvedPlan plan, String what) {
    List<RowPipeline.Step> steps = new ArrayList<>();
    ResolvedPlan node = plan;
    while (!(node instanceof ResolvedPlan.StaticSource)) {
      if (node instanceof ResolvedPlan.Stateless s) {
        steps.add(s.step());
        node = s.child();
      } else if (node instanceof ResolvedPlan.Watermark w) {
        node = w.child();
      } else {
        throw new AnalysisException(what + " can hold select, filter, withColumn, drop and"
            + " withColumnRenamed over one read(), not " + node.describe() + "; a static table is read as it is");
      }
    }
    Collections.reverse(steps);
    ResolvedPlan.StaticSource source = (ResolvedPlan.StaticSource) node;
    return new StaticSide(source.table(), RowPipeline.ofSteps(steps, source.schema(), plan.schema()));
  }
}
