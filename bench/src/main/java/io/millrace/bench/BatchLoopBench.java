package io.millrace.bench;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.window;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.Trigger;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cost of the batch loop itself: memory source -> filter -> memory sink, one row per
 * batch, with durable (fsynced) checkpoint files on the local disk. The source holds every
 * row up front and gives one per trigger ({@code maxRowsPerTrigger=1}); the available-now
 * trigger runs batches back to back, so the time between two batches' progress events is
 * exactly one turn of the loop: latest offset, offsets/N (fsynced), read, filter, sink,
 * commits/N (fsynced), progress. Spark 4.0.1 needs 335 ms (median) for a one-row batch on
 * this machine class (../shared/spark-baseline, "overhead" benchmark).
 */
public final class BatchLoopBench {
  public static void main(String[] args) throws IOException {
    int batches = intArg(args, "--batches", 5000);
    int warmup = intArg(args, "--warmup", 1000);
    Path dir = Path.of(stringArg(args, "--dir", System.getProperty("java.io.tmpdir") + "/millrace-bench"));
    Files.createDirectories(dir);
    Path checkpoint = Files.createTempDirectory(dir, "batch-loop-");

    boolean windowed = stringArg(args, "--query", "filter").equals("windowed-count");
    MemoryStream stream = MemoryStream.create("bench-in", Schema.parse("id LONG, payload STRING, ts TIMESTAMP"));
    List<Row> rows = new ArrayList<>();
    for (long i = 0; i < warmup + batches; i++) {
      rows.add(Row.of(i, "row-" + i, 1_700_000_000_000_000L + i * 1_000_000L));
    }
    stream.addData(rows);

    // A windowed count also runs no-data batches as the watermark moves; only data batches are timed.
    long[] ends = new long[2 * (warmup + batches) + 2];
    int[] seen = new int[1];
    try (MillraceSession session = MillraceSession.builder().build()) {
      session.streams().addListener(new StreamingQueryListener() {
        @Override
        public void onQueryProgress(QueryProgressEvent event) {
          if (event.progress().numInputRows() > 0) {
            ends[seen[0]++] = System.nanoTime();
          }
        }
      });
      long start = System.nanoTime();
      Dataset in = session.readStream().format("memory").option("name", "bench-in")
          .option("maxRowsPerTrigger", "1").load()
          .filter(col("id").geq(0));
      // One row per batch either way; the windowed count adds state in 4 partitions of the hdfs store.
      Dataset out = windowed
          ? in.withWatermark("ts", "1 minute").groupBy(window(col("ts"), "10 seconds"), col("payload")).count()
          : in;
      StreamingQuery query = out.writeStream().format("memory").option("name", "bench-out")
          .outputMode(windowed ? "update" : "append").trigger(Trigger.availableNow())
          .option("checkpointLocation", checkpoint.toString()).start();
      query.awaitTermination();
      long total = System.nanoTime() - start;
      if (seen[0] < warmup + batches || MemorySinkTable.get("bench-out").rows().size() != warmup + batches) {
        throw new IllegalStateException("expected " + (warmup + batches) + " batches, saw " + seen[0]);
      }
      report(ends, warmup, batches, total, checkpoint, windowed ? "windowed-count" : "filter");
    }
  }

  private static void report(long[] ends, int warmup, int batches, long totalNanos, Path checkpoint, String query) {
    double[] ms = new double[batches];
    for (int i = 0; i < batches; i++) {
      ms[i] = (ends[warmup + i] - ends[warmup + i - 1]) / 1e6;
    }
    Arrays.sort(ms);
    System.out.printf("batch-loop (%s): %d measured batches (after %d warm-up), one row each, checkpoint %s%n",
        query, batches, warmup, checkpoint);
    System.out.printf("  per-batch ms: median %.3f  p90 %.3f  p99 %.3f  max %.3f  mean %.3f%n",
        ms[batches / 2], ms[(int) (batches * 0.9)], ms[(int) (batches * 0.99)], ms[batches - 1],
        Arrays.stream(ms).average().orElse(0));
    System.out.printf("  whole run incl. start: %.1f ms for %d batches%n", totalNanos / 1e6, warmup + batches);
  }

  private static int intArg(String[] args, String name, int defaultValue) {
    return Integer.parseInt(stringArg(args, name, Integer.toString(defaultValue)));
  }

  private static String stringArg(String[] args, String name, String defaultValue) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        return args[i + 1];
      }
    }
    return defaultValue;
  }
}
