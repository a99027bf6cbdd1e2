package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.plan.RowPipeline;
import io.millrace.runtime.state.PartitionInput;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import java.util.concurrent.atomic.LongAdder;

/** Reads one input partition of a source, counting the rows the source gave. */
final class SourcePartitionTask implements RowTask {
  private final Source source;
  private final InputPartition partition;
  private final RowPipeline pipeline;
  private final LongAdder rowsRead;

  SourcePartitionTask(Source source, InputPartition partition, RowPipeline pipeline, LongAdder rowsRead) {
    this.source = source;
    this.partition = partition;
    this.pipeline = pipeline;
    this.rowsRead = rowsRead;
  }

  @Override
  public void run(PartitionInput out, EvalContext context) throws Exception {
    long rows = 0;
    try (PartitionReader reader = source.createReader(partition)) {
      if (pipeline == null) {
        while (reader.next()) {
          rows++;
          out.add(reader.get());
        }
      } else {
        while (reader.next()) {
          rows++;
          Row row = pipeline.apply(reader.get(), context);
          if (row != null) {
            out.add(row);
          }
        }
      }
    } finally {
      rowsRead.add(rows);
    }
  }

  @Override
  public RowTask then(RowPipeline next) {
    return new SourcePartitionTask(source, partition, pipeline == null ? next : pipeline.andThen(next), rowsRead);
  }
}
