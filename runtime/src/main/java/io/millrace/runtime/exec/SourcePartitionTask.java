package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.plan.RowPipeline;
import io.millrace.runtime.state.PartitionInput;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Reads one input partition of a source, counting the rows the source gave. Every
 * {@value #STOP_CHECK_ROWS} rows it looks whether the query is stopping, and abandons the batch
 * if so ({@link BatchAbandonedException}).
 */
final class SourcePartitionTask implements RowTask {
  /** A power of two: the check is a mask of the row count. */
  static final int STOP_CHECK_ROWS = 4096;

  private final Source source;
  private final ScanTask scan;
  private final RowPipeline pipeline;
  private final LongAdder rowsRead;
  private final BooleanSupplier stopRequested;

  /** @param scan what this task reads, as a value that another process could read it from */
  SourcePartitionTask(Source source, ScanTask scan, RowPipeline pipeline, LongAdder rowsRead,
      BooleanSupplier stopRequested) {
    this.source = source;
    this.scan = scan;
    this.pipeline = pipeline;
    this.rowsRead = rowsRead;
    this.stopRequested = stopRequested;
  }

  /** The serializable description of what this task reads. */
  ScanTask scan() {
    return scan;
  }

  @Override
  public void run(PartitionInput out, EvalContext context) throws Exception {
    checkStop(); // a batch of many small partitions checks at each one too
    long rows = 0;
    try (PartitionReader reader = source.createReader(scan.partition())) {
      if (pipeline == null) {
        while (reader.next()) {
          if ((++rows & (STOP_CHECK_ROWS - 1)) == 0) {
            checkStop();
          }
          out.add(reader.get());
        }
      } else if (pipeline.generates()) {
        Consumer<Row> generated = out::add;
        while (reader.next()) {
          if ((++rows & (STOP_CHECK_ROWS - 1)) == 0) {
            checkStop();
          }
          pipeline.forEachOutput(reader.get(), context, generated);
        }
      } else {
        while (reader.next()) {
          if ((++rows & (STOP_CHECK_ROWS - 1)) == 0) {
            checkStop();
          }
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

  private void checkStop() {
    if (stopRequested.getAsBoolean()) {
      throw new BatchAbandonedException(scan.batchId());
    }
  }

  @Override
  public RowTask then(RowPipeline next) {
    return new SourcePartitionTask(source, scan, pipeline == null ? next : pipeline.andThen(next), rowsRead,
        stopRequested);
  }
}
