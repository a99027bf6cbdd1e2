package io.millrace.runtime.exec;

import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import java.util.ArrayList;
import java.util.List;

/** Reads source {@code index}'s range of this batch: one task per input partition the source plans. */
final class ScanExec implements PhysicalOperator {
  private final int index;
  private final String source;
  private final Schema schema;

  ScanExec(int index, String source, Schema schema) {
    this.index = index;
    this.source = source;
    this.schema = schema;
  }

  @Override
  public List<PhysicalOperator> children() {
    return List.of();
  }

  @Override
  public Schema outputSchema() {
    return schema;
  }

  @Override
  public String describe() {
    return "MicroBatchScan " + source + " " + schema.names();
  }

  @Override
  public List<RowTask> tasks(BatchRun batch) throws Exception {
    SourceBinding s = batch.source(index);
    List<InputPartition> partitions = batch.timer().time("queryPlanning",
        () -> s.source.planInputPartitions(batch.start(index), batch.end(index)));
    List<RowTask> tasks = new ArrayList<>(partitions.size());
    for (InputPartition p : partitions) {
      tasks.add(new SourcePartitionTask(s.source, s.scan(batch.id(), p), null, batch.rowsRead(index), batch.stopRequested()));
    }
    return tasks;
  }
}
