package io.millrace.runtime.exec;

import io.millrace.runtime.state.JoinPlan;
import io.millrace.runtime.state.StatefulOperator;
import io.millrace.runtime.state.StatefulStreamJoin;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** A stream-stream join: two inputs, each routed by its join key, matched against the other side's state. */
final class JoinExec extends StatefulExec {
  private final JoinPlan plan;

  JoinExec(PhysicalOperator left, PhysicalOperator right, int operatorId, boolean watermarked,
      Optional<String> eventTimeInput, JoinPlan plan) {
    super(List.of(left, right), operatorId, watermarked, eventTimeInput);
    this.plan = plan;
  }

  JoinPlan plan() {
    return plan;
  }

  @Override
  String name() {
    return StatefulStreamJoin.NAME;
  }

  @Override
  String kind() {
    return "streamStreamJoin(" + plan.type() + ")";
  }

  @Override
  Schema keySchema() {
    return plan.keySchema();
  }

  @Override
  Schema valueSchema() {
    return plan.valueSchema();
  }

  @Override
  public Schema outputSchema() {
    return plan.outputSchema();
  }

  /**
   * Whether a move of the watermark alone can drop state (and emit outer rows), which is when
   * Spark runs a batch without data for a join: only if the condition bounds a side's rows.
   */
  @Override
  boolean evictsByWatermark(OutputMode mode) {
    return watermarked() && (plan.evicts(0) || plan.evicts(1));
  }

  /** The input watermark delayed by the condition's time bounds: see {@link JoinPlan#outputWatermarkMs}. */
  @Override
  long outputWatermarkMs(long inputWatermarkMs) {
    return plan.outputWatermarkMs(inputWatermarkMs);
  }

  @Override
  void checkState(StateContext context) throws IOException {
    StatefulStreamJoin.checkStateSchema(operatorId(), plan, context.checkpoint(), context.storage());
  }

  @Override
  StatefulOperator open(StateContext c) throws IOException {
    return new StatefulStreamJoin(operatorId(), plan, c.factory(), c.checkpoint(), c.storage(), c.partitions(),
        c.maxKeyGroups(), c.pluginContext(), c.pool(), c.encodedExchange());
  }

  @Override
  String arguments() {
    return plan.toString() + ", output " + plan.outputSchema().names();
  }
}
