package io.millrace.plugins.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.util.List;
import java.util.Map;

/**
 * Writes batches into a {@link MemorySinkTable}, task by task: each task's writer stages its rows
 * in the table, and the batch's commit appends them in task order. A batch id already written
 * is skipped, logged and counted.
 */
final class MemorySink implements Sink {
  private static final System.Logger LOG = System.getLogger(MemorySink.class.getName());

  private final MemorySinkTable table;
  private final OutputMode mode;

  MemorySink(MemorySinkTable table, OutputMode mode) {
    this.table = table;
    this.mode = mode;
  }

  /** Exactly once within this process: the table, not the sink instance, remembers the ids written. */
  @Override
  public DeliveryGuarantee guarantee() {
    return DeliveryGuarantee.EXACTLY_ONCE;
  }

  @Override
  public boolean writesPerTask() {
    return true;
  }

  @Override
  public TaskWriter createWriter(int partition, long batchId) {
    return new MemoryTaskWriter(table);
  }

  @Override
  public void commit(long batchId, List<WriterCommitMessage> messages) {
    List<Row> rows = table.unstage(ids(messages));
    if (!table.write(batchId, rows, mode == OutputMode.COMPLETE)) {
      LOG.log(System.Logger.Level.INFO, () -> "skipping batch " + batchId + " for " + table + ": batch "
          + table.lastBatchId() + " is already written");
    }
  }

  @Override
  public void abort(long batchId, List<WriterCommitMessage> messages) {
    table.discard(ids(messages));
  }

  private List<String> ids(List<WriterCommitMessage> messages) {
    return messages.stream().map(m -> {
      if (!(m instanceof MemoryTaskWriter.StagedRows staged)) {
        throw new IllegalArgumentException(this + " cannot commit " + m + ", written by another sink's task");
      }
      return staged.id();
    }).toList();
  }

  /** {@code numSkippedBatches} and {@code numRows} of the table. */
  @Override
  public Map<String, String> metrics() {
    return Map.of("numSkippedBatches", Long.toString(table.skippedBatches()), "numRows", Integer.toString(table.size()));
  }

  @Override
  public String toString() {
    return "memory sink into " + table;
  }
}
