package io.millrace.runtime.exec;

import io.millrace.runtime.state.AggregationPlan;
import io.millrace.runtime.state.SessionWindowAggregation;
import io.millrace.runtime.state.StatefulAggregation;
import io.millrace.runtime.state.StatefulOperator;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.io.IOException;
import java.util.Optional;

/**
 * A streaming aggregation: running values per group, emitted per the output mode; grouped by a
 * {@code session_window}, its sessions ({@link SessionWindowAggregation}).
 */
final class AggregateExec extends StatefulExec {
  private final AggregationPlan plan;

  AggregateExec(PhysicalOperator child, int operatorId, boolean watermarked, Optional<String> eventTimeInput,
      AggregationPlan plan) {
    super(child, operatorId, watermarked, eventTimeInput);
    this.plan = plan;
  }

  @Override
  String name() {
    return plan.hasSessionWindow() ? SessionWindowAggregation.OPERATOR_NAME : StatefulAggregation.OPERATOR_NAME;
  }

  @Override
  String kind() {
    return plan.hasSessionWindow() ? "sessionWindowAggregate" : "aggregate";
  }

  @Override
  Schema keySchema() {
    return plan.keySchema();
  }

  @Override
  Schema valueSchema() {
    return plan.hasSessionWindow() ? SessionWindowAggregation.valueSchema(plan) : plan.valueSchema();
  }

  @Override
  public Schema outputSchema() {
    return plan.outputSchema();
  }

  /** Whether it is grouped by a {@code session_window}. */
  boolean sessionWindow() {
    return plan.hasSessionWindow();
  }

  /** Complete mode keeps every group and re-emits the whole table: the watermark evicts nothing there. */
  @Override
  boolean evictsByWatermark(OutputMode mode) {
    return watermarked() && plan.evictsByWatermark() && mode != OutputMode.COMPLETE;
  }

  @Override
  void checkState(StateContext context) throws IOException {
    if (plan.hasSessionWindow()) {
      SessionWindowAggregation.checkStateSchema(operatorId(), plan, context.checkpoint(), context.storage());
      return;
    }
    StatefulAggregation.checkStateSchema(operatorId(), plan, context.checkpoint(), context.storage());
  }

  @Override
  StatefulOperator open(StateContext c) throws IOException {
    if (plan.hasSessionWindow()) {
      return new SessionWindowAggregation(operatorId(), plan, c.mode(), c.factory(), c.checkpoint(), c.storage(),
          c.partitions(), c.maxKeyGroups(), c.pluginContext(), c.pool());
    }
    return new StatefulAggregation(operatorId(), plan, c.mode(), c.factory(), c.checkpoint(), c.storage(),
        c.partitions(), c.maxKeyGroups(), c.pluginContext(), c.pool(), c.encodedExchange());
  }

  @Override
  String arguments() {
    return "keys=" + plan.keySchema().names() + plan.sessionDescription().map(d -> ", " + d).orElse("") + ", output=" + plan.outputSchema().names()
        + plan.eventTimeOutput().map(t -> ", eventTime=" + t).orElse("");
  }
}
