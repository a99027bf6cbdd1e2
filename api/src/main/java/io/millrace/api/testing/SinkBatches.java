package io.millrace.api.testing;

import io.millrace.api.Dataset;
import io.millrace.api.ForeachBatchFunction;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the harness's query writes: each batch's rows by batch id, kept across restarts of the
 * query, with the rules of Spark's test {@code MemorySink}: in complete mode a batch is the whole
 * result and replaces what came before; in append and update mode batches add up. A batch id
 * written again (a batch replayed after a restart) replaces its earlier rows, as an idempotent
 * sink keeps one copy.
 */
final class SinkBatches implements ForeachBatchFunction {
  private static final System.Logger LOG = System.getLogger(SinkBatches.class.getName());
  private static final int ROWS_SHOWN_PER_BATCH = 50;

  private final OutputMode mode;
  private final TreeMap<Long, List<Row>> batches = new TreeMap<>();

  SinkBatches(OutputMode mode) {
    this.mode = mode;
  }

  @Override
  public void call(Dataset batch, long batchId) {
    List<Row> rows = batch.collectAsList();
    synchronized (batches) {
      if (mode == OutputMode.COMPLETE) {
        batches.clear();
      }
      List<Row> earlier = batches.put(batchId, List.copyOf(rows));
      if (earlier != null) {
        LOG.log(System.Logger.Level.INFO, "Stream test sink: batch {0} was written again (a replay after a restart); "
            + "its {1} rows replace the {2} written before", batchId, rows.size(), earlier.size());
      }
    }
  }

  /** What the sink holds: the latest batch in complete mode, every batch's rows in order otherwise. */
  List<Row> allRows() {
    synchronized (batches) {
      List<Row> rows = new ArrayList<>();
      batches.values().forEach(rows::addAll);
      return rows;
    }
  }

  /** The rows of the latest batch, none if no batch ran. */
  List<Row> lastBatch() {
    synchronized (batches) {
      return batches.isEmpty() ? List.of() : batches.lastEntry().getValue();
    }
  }

  /** The rows of the batches after {@code batchId}. */
  List<Row> rowsAfter(long batchId) {
    synchronized (batches) {
      List<Row> rows = new ArrayList<>();
      batches.tailMap(batchId, false).values().forEach(rows::addAll);
      return rows;
    }
  }

  /** The id of the latest batch written, or -1. */
  long latestBatchId() {
    synchronized (batches) {
      return batches.isEmpty() ? -1 : batches.lastKey();
    }
  }

  /** One line per batch held, for failure messages. */
  String describe() {
    synchronized (batches) {
      if (batches.isEmpty()) {
        return "(no batch written)";
      }
      StringBuilder out = new StringBuilder();
      for (Map.Entry<Long, List<Row>> batch : batches.entrySet()) {
        List<Row> rows = batch.getValue();
        out.append("batch ").append(batch.getKey()).append(" (").append(rows.size()).append(rows.size() == 1 ? " row)" : " rows)");
        for (int i = 0; i < Math.min(rows.size(), ROWS_SHOWN_PER_BATCH); i++) {
          out.append(i == 0 ? ": " : ", ").append(rows.get(i));
        }
        if (rows.size() > ROWS_SHOWN_PER_BATCH) {
          out.append(", … ").append(rows.size() - ROWS_SHOWN_PER_BATCH).append(" more");
        }
        out.append('\n');
      }
      return out.toString();
    }
  }
}
