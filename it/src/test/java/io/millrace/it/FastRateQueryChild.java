package io.millrace.it;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.functions;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child JVM of {@link FastRateUnderSmallHeapTest}, started with a small {@code -Xmx}.
 * {@code <checkpoint> <rowsPerSecond> <seconds>} runs a stateless query over the rate source at
 * {@code rowsPerSecond} into the console sink, with batches back to back, for {@code seconds},
 * then stops it. Prints the heap limit, one line per batch, and at the end
 * {@code batches=<n> rows=<n> largestBatch=<n> behind=<n> stopMs=<n>}.
 */
public final class FastRateQueryChild {
  private FastRateQueryChild() {}

  public static void main(String[] args) throws Exception {
    String checkpoint = args[0];
    String rowsPerSecond = args[1];
    long seconds = Long.parseLong(args[2]);
    System.out.println("maxHeapMB=" + (Runtime.getRuntime().maxMemory() >> 20));
    AtomicLong batches = new AtomicLong();
    AtomicLong rows = new AtomicLong();
    AtomicLong largest = new AtomicLong();
    AtomicLong behind = new AtomicLong();
    long stopMs;
    try (MillraceSession session = MillraceSession.builder().build()) {
      session.streams().addListener(new StreamingQueryListener() {
        @Override
        public void onQueryProgress(QueryProgressEvent event) {
          StreamingQueryProgress p = event.progress();
          batches.incrementAndGet();
          rows.addAndGet(p.numInputRows());
          largest.accumulateAndGet(p.numInputRows(), Math::max);
          if (p.fallingBehind() != null) {
            behind.incrementAndGet();
          }
          Runtime heap = Runtime.getRuntime();
          System.out.println("progress batch=" + p.batchId() + " rows=" + p.numInputRows() + " ms=" + p.batchDuration()
              + " in=" + p.inputRowsPerSecond() + " processed=" + p.processedRowsPerSecond()
              + " heapUsedMB=" + ((heap.totalMemory() - heap.freeMemory()) >> 20) + " fallingBehind=" + p.fallingBehind());
        }
      });
      StreamingQuery query = session.readStream().format("rate").option("rowsPerSecond", rowsPerSecond).load()
          .filter("value % 3 <> 0")
          .withColumn("label", functions.expr("concat('row-', CAST(value AS STRING))"))
          .withColumn("shout", functions.expr("upper(concat(label, '-', CAST(timestamp AS STRING)))"))
          .filter("length(shout) > 10")
          .writeStream().format("console").option("numRows", "2").outputMode("append")
          .option("checkpointLocation", checkpoint).start();
      query.awaitTermination(seconds * 1000);
      long t0 = System.nanoTime();
      query.stop();
      stopMs = (System.nanoTime() - t0) / 1_000_000;
    }
    System.out.println("batches=" + batches + " rows=" + rows + " largestBatch=" + largest + " behind=" + behind
        + " stopMs=" + stopMs);
    System.exit(0);
  }
}
