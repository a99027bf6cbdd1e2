package io.millrace.plugins.sink;

import io.millrace.spi.data.TableText;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * Prints each batch under a {@code Batch: N} banner, as Spark's console sink does. A replayed
 * batch is printed again, so the guarantee is at-least-once.
 */
final class ConsoleSink implements Sink {
  private static final String BANNER_RULE = "-------------------------------------------\n";

  private final int numRows;
  private final boolean truncate;
  private final Supplier<PrintStream> out;

  ConsoleSink(int numRows, boolean truncate, Supplier<PrintStream> out) {
    this.numRows = numRows;
    this.truncate = truncate;
    this.out = out;
  }

  @Override
  public DeliveryGuarantee guarantee() {
    return DeliveryGuarantee.AT_LEAST_ONCE;
  }

  @Override
  public void addBatch(long batchId, Batch batch) {
    String text = BANNER_RULE + "Batch: " + batchId + "\n" + BANNER_RULE
        + TableText.render(batch.schema(), batch, numRows, truncate) + "\n";
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
