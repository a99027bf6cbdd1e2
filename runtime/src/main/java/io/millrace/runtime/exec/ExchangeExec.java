package io.millrace.runtime.exec;

import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * Routes rows to the state partition that owns their key's key group. The routing runs in the
 * map side of the stateful operator above it (inside these very tasks), which encodes each key
 * in the key-group layout of the stores; this node marks the boundary in the plan.
 */
final class ExchangeExec implements PhysicalOperator {
  private final PhysicalOperator child;
  private final Schema keySchema;
  private final int partitions;
  private final int maxKeyGroups;

  ExchangeExec(PhysicalOperator child, Schema keySchema, int partitions, int maxKeyGroups) {
    this.child = child;
    this.keySchema = keySchema;
    this.partitions = partitions;
    this.maxKeyGroups = maxKeyGroups;
  }

  @Override
  public List<PhysicalOperator> children() {
    return List.of(child);
  }

  @Override
  public Schema outputSchema() {
    return child.outputSchema();
  }

  @Override
  public String describe() {
    return "Exchange keyGroups(" + keySchema.names() + ", " + maxKeyGroups + " key groups, " + partitions
        + " partitions)";
  }

  @Override
  public List<RowTask> tasks(BatchRun batch) throws Exception {
    return child.tasks(batch);
  }
}
