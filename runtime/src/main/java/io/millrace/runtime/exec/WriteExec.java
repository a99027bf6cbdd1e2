package io.millrace.runtime.exec;

import io.millrace.spi.data.Schema;
import java.util.List;

/** The root: the rows the sink receives. */
final class WriteExec implements PhysicalOperator {
  private final PhysicalOperator child;
  private final String sink;

  WriteExec(PhysicalOperator child, String sink) {
    this.child = child;
    this.sink = sink;
  }

  PhysicalOperator child() {
    return child;
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
    return "WriteToMicroBatchSink " + sink;
  }

  @Override
  public List<RowTask> tasks(BatchRun batch) throws Exception {
    return child.tasks(batch);
  }
}
