package io.millrace.runtime.exec;

import io.millrace.runtime.state.DeduplicationPlan;
import io.millrace.runtime.state.StatefulDeduplication;
import io.millrace.runtime.state.StatefulOperator;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.io.IOException;
import java.util.Optional;

/** A streaming deduplication: passes the first row of each key on, remembering the key. */
final class DeduplicateExec extends StatefulExec {
  private final DeduplicationPlan plan;
  private final Schema schema;

  DeduplicateExec(PhysicalOperator child, int operatorId, boolean watermarked, Optional<String> eventTimeInput,
      DeduplicationPlan plan, Schema schema) {
    super(child, operatorId, watermarked, eventTimeInput);
    this.plan = plan;
    this.schema = schema;
  }

  @Override
  String name() {
    return plan.operatorName();
  }

  @Override
  String kind() {
    return plan.withinWatermark() ? "deduplicateWithinWatermark" : "deduplicate";
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
    return schema;
  }

  @Override
  boolean evictsByWatermark(OutputMode mode) {
    return watermarked() && plan.evictsByWatermark();
  }

  @Override
  void checkState(StateContext context) throws IOException {
    StatefulDeduplication.checkStateSchema(operatorId(), plan, context.checkpoint(), context.storage());
  }

  @Override
  StatefulOperator open(StateContext c) throws IOException {
    return new StatefulDeduplication(operatorId(), plan, c.factory(), c.checkpoint(), c.storage(), c.partitions(),
        c.maxKeyGroups(), c.pluginContext(), c.pool(), c.encodedExchange() ? outputSchema() : null);
  }

  @Override
  String arguments() {
    return "keys=" + plan.keySchema().names();
  }
}
