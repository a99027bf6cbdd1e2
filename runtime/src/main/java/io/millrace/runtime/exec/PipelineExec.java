package io.millrace.runtime.exec;

import io.millrace.runtime.plan.RowPipeline;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/** Consecutive stateless operators fused into one function over rows, run inside its input's tasks. */
final class PipelineExec implements PhysicalOperator {
  private final PhysicalOperator child;
  private final RowPipeline pipeline;
  private final List<String> operators;
  private final boolean definesWatermark;

  /** @param definesWatermark whether a {@code withWatermark} is among the fused operators */
  PipelineExec(PhysicalOperator child, RowPipeline pipeline, List<String> operators, boolean definesWatermark) {
    this.child = child;
    this.pipeline = pipeline;
    this.operators = List.copyOf(operators);
    this.definesWatermark = definesWatermark;
  }

  /** Whether a {@code withWatermark} is among the fused operators: the query's watermark starts here. */
  boolean definesWatermark() {
    return definesWatermark;
  }

  @Override
  public List<PhysicalOperator> children() {
    return List.of(child);
  }

  @Override
  public Schema outputSchema() {
    return pipeline.outputSchema();
  }

  @Override
  public String describe() {
    return "RowPipeline " + String.join(" -> ", operators) + " " + pipeline.outputSchema().names();
  }

  @Override
  public List<RowTask> tasks(BatchRun batch) throws Exception {
    List<RowTask> in = child.tasks(batch);
    List<RowTask> out = new ArrayList<>(in.size());
    for (RowTask t : in) {
      out.add(t.then(pipeline));
    }
    return out;
  }
}
