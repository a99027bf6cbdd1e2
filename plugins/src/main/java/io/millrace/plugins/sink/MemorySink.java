package io.millrace.plugins.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes batches into a {@link MemorySinkTable}; a batch id already written is skipped, logged and counted. */
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
  public void addBatch(long batchId, Batch batch) {
    List<Row> rows = new ArrayList<>();
    batch.forEach(rows::add);
    if (!table.write(batchId, rows, mode == OutputMode.COMPLETE)) {
      LOG.log(System.Logger.Level.INFO, () -> "skipping batch " + batchId + " for " + table + ": batch "
          + table.lastBatchId() + " is already written");
    }
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
