package io.millrace.runtime.exec;

import io.millrace.api.state.TimeMode;
import io.millrace.runtime.state.StatefulOperator;
import io.millrace.runtime.state.StatefulTransformWithState;
import io.millrace.runtime.state.TransformWithStatePlan;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.io.IOException;
import java.util.Optional;

/** A {@code transformWithState}: user code keeping state per grouping key, with timers. */
final class TransformWithStateExec extends StatefulExec {
  private final TransformWithStatePlan plan;

  TransformWithStateExec(PhysicalOperator child, int operatorId, boolean watermarked, Optional<String> eventTimeInput,
      TransformWithStatePlan plan) {
    super(child, operatorId, watermarked, eventTimeInput);
    this.plan = plan;
  }

  @Override
  String name() {
    return plan.operatorName();
  }

  @Override
  String kind() {
    return plan.groupsWithState().isPresent() ? "flatMapGroupsWithState" : "transformWithState"; // one operator for map and flatMap, as Spark
  }

  TransformWithStatePlan plan() {
    return plan;
  }

  @Override
  Schema keySchema() {
    return plan.keySchema();
  }

  /** The state variables' schemas are recorded apart, one per variable (see KeyedStateBackend). */
  @Override
  Schema valueSchema() {
    return Schema.of();
  }

  @Override
  public Schema outputSchema() {
    return plan.outputSchema();
  }

  /** Under event time its timers fire as the watermark passes them, so a move alone is worth a batch, as in Spark. */
  @Override
  boolean evictsByWatermark(OutputMode mode) {
    return plan.timeMode() == TimeMode.EVENT_TIME;
  }

  @Override
  void checkState(StateContext context) throws IOException {
    StatefulTransformWithState.checkStateSchema(operatorId(), plan, context.checkpoint(), context.storage());
  }

  @Override
  StatefulOperator open(StateContext c) throws IOException {
    return new StatefulTransformWithState(operatorId(), plan, c.factory(), c.checkpoint(), c.storage(), c.partitions(),
        c.maxKeyGroups(), c.pluginContext(), c.pool());
  }

  @Override
  String arguments() {
    return "keys=" + plan.keySchema().names() + " processor=" + plan.processorName() + " timeMode=" + plan.timeMode()
        + " state=" + plan.spec().variables().stream().map(v -> v.name() + ":" + v.describe()).toList()
        + plan.initialState().map(i -> " initialState=" + i.source().description()).orElse("");
  }
}
