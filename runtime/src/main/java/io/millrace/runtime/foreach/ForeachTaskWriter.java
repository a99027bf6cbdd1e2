package io.millrace.runtime.foreach;

import io.millrace.api.ForeachWriter;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.util.concurrent.atomic.LongAdder;

/**
 * One task's writer: {@code open} when the task starts, {@code process} per row when it said
 * yes, and {@code close} exactly once, with null after the last row or with what failed the task.
 */
final class ForeachTaskWriter implements TaskWriter {
  private static final WriterCommitMessage WRITTEN = new WriterCommitMessage() {
    private static final long serialVersionUID = 1L;
  };

  private final ForeachWriter writer;
  private final int partition;
  private final long batchId;
  private final LongAdder rowsProcessed;
  private final boolean opened;
  private Throwable failure;
  private boolean closed;

  ForeachTaskWriter(ForeachWriter writer, int partition, long batchId, LongAdder rowsProcessed,
      LongAdder tasksSkipped) {
    this.writer = writer;
    this.partition = partition;
    this.batchId = batchId;
    this.rowsProcessed = rowsProcessed;
    this.opened = writer.open(partition, batchId);
    if (!opened) {
      tasksSkipped.increment();
    }
  }

  @Override
  public void write(Row row) {
    if (!opened) {
      return;
    }
    try {
      writer.process(row);
    } catch (RuntimeException | Error e) {
      failure = e;
      throw e;
    }
    rowsProcessed.increment();
  }

  @Override
  public WriterCommitMessage commit() {
    closed = true;
    writer.close(null);
    return WRITTEN;
  }

  @Override
  public void abort() {
    if (!closed) {
      closed = true;
      writer.close(failure != null ? failure : new IllegalStateException("task " + partition + " of batch " + batchId
          + " was stopped before it wrote all its rows (another task failed, or the query stopped)"));
    }
  }
}
