package io.millrace.plugins.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.data.TableText;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Prints each batch under a {@code Batch: N} banner, as Spark's console sink does. A replayed
 * batch is printed again, so the guarantee is at-least-once. It writes per task: each task keeps
 * only the rows that may be shown, so a batch of any size prints in bounded memory.
 */
final class ConsoleSink implements Sink {
  private static final String BANNER_RULE = "-------------------------------------------\n";

  private final int numRows;
  private final boolean truncate;
  private final Supplier<PrintStream> out;
  private final Schema schema;

  ConsoleSink(Schema schema, int numRows, boolean truncate, Supplier<PrintStream> out) {
    this.schema = schema;
    this.numRows = numRows;
    this.truncate = truncate;
    this.out = out;
  }

  @Override
  public DeliveryGuarantee guarantee() {
    return DeliveryGuarantee.AT_LEAST_ONCE;
  }

  @Override
  public boolean writesPerTask() {
    return true;
  }

  /** Keeps one row more than is shown, so that the table can say it shows only the top rows. */
  @Override
  public TaskWriter createWriter(int partition, long batchId) {
    return new ConsoleTaskWriter(kept());
  }

  private int kept() {
    return numRows == Integer.MAX_VALUE ? numRows : numRows + 1;
  }

  @Override
  public void commit(long batchId, List<WriterCommitMessage> messages) {
    List<Row> shown = new ArrayList<>();
    for (WriterCommitMessage m : messages) {
      List<Row> rows = ((ConsoleTaskWriter.FirstRows) m).asRows();
      shown.addAll(rows.subList(0, Math.min(rows.size(), kept() - shown.size())));
    }
    print(batchId, shown);
  }

  private void print(long batchId, List<Row> rows) {
    String text = BANNER_RULE + "Batch: " + batchId + "\n" + BANNER_RULE
        + TableText.render(schema, rows, numRows, truncate) + "\n";
    PrintStream stream = out.get();
    // One print per batch, so that batches of concurrent queries do not interleave line by line.
    synchronized (stream) {
      stream.print(text);
      stream.flush();
    }
  }

  @Override
  public String toString() {
    return "console sink (numRows=" + numRows + ", truncate=" + truncate + ")";
  }
}
