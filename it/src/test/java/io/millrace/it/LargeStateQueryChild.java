package io.millrace.it;

import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child JVM of {@link LargeStateUnderSmallHeapTest}, started with a small {@code -Xmx}.
 * {@code <provider> <checkpoint> <keys> <rowsPerBatch> <localDir>} runs
 * {@code keyRange → groupBy("key").count()} in update mode with the available-now trigger, so
 * every key is new and the state ends with {@code keys} rows, into a foreachBatch that only
 * counts. Prints the heap limit, one line per batch, and at the end
 * {@code numRowsTotal=<n> rowsOut=<n>}.
 */
public final class LargeStateQueryChild {
  private LargeStateQueryChild() {}

  public static void main(String[] args) {
    String provider = args[0];
    String checkpoint = args[1];
    long keys = Long.parseLong(args[2]);
    String rowsPerBatch = args[3];
    String localDir = args[4];
    System.out.println("maxHeapMB=" + (Runtime.getRuntime().maxMemory() >> 20));
    AtomicLong rowsOut = new AtomicLong();
    StreamingQueryProgress last;
    try (MillraceSession session = MillraceSession.builder()
        .config("millrace.state.provider", provider)
        .config("millrace.shuffle.partitions", 2)
        .config("millrace.state.rocksdb.localDir", localDir)
        .build()) {
      session.streams().addListener(new StreamingQueryListener() {
        @Override
        public void onQueryProgress(QueryProgressEvent event) {
          StreamingQueryProgress p = event.progress();
          StateOperatorProgress state = p.stateOperators().get(0);
          Runtime heap = Runtime.getRuntime();
          System.out.println("batch " + p.batchId() + ": numRowsTotal=" + state.numRowsTotal() + " ms="
              + p.durationMs().get("triggerExecution") + " heapUsedMB=" + ((heap.totalMemory() - heap.freeMemory()) >> 20));
        }
      });
      StreamingQuery query = session.readStream().format("keyRange")
          .option("total", String.valueOf(keys)).option("rowsPerBatch", rowsPerBatch).option("numPartitions", "2").load()
          .groupBy("key").count()
          .writeStream().foreachBatch((batch, id) -> rowsOut.addAndGet(batch.count())).outputMode("update")
          .trigger(Trigger.availableNow())
          .option("checkpointLocation", checkpoint).start();
      query.awaitTermination();
      last = query.lastProgress();
    }
    System.out.println("numRowsTotal=" + last.stateOperators().get(0).numRowsTotal() + " rowsOut=" + rowsOut.get());
    System.exit(0);
  }
}
