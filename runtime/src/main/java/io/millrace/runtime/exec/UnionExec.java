package io.millrace.runtime.exec;

import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/** Every input's rows, input by input: the tasks of the first, then of the second, and so on. */
final class UnionExec implements PhysicalOperator {
  private final List<PhysicalOperator> children;
  private final Schema schema;

  UnionExec(List<PhysicalOperator> children, Schema schema) {
    this.children = List.copyOf(children);
    this.schema = schema;
  }

  @Override
  public List<PhysicalOperator> children() {
    return children;
  }

  @Override
  public Schema outputSchema() {
    return schema;
  }

  @Override
  public String describe() {
    return "Union " + schema.names();
  }

  @Override
  public List<RowTask> tasks(BatchRun batch) throws Exception {
    List<RowTask> all = new ArrayList<>();
    for (PhysicalOperator child : children) {
      all.addAll(child.tasks(batch));
    }
    return all;
  }
}
