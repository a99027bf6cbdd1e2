package io.millrace.sink.delta;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A child JVM for {@link MultiProcessWritersTest}: appends {@code batches} batches of two rows to
 * the table from {@code threads} sinks, each with its own txnAppId {@code <prefix>-<thread>}.
 * Arguments: table, prefix, threads, batches, and optionally a log store class for {@code file:}
 * (to reproduce the default store's lost commits by hand). Exit code 0 when every batch committed.
 */
public final class WriterProcess {
  static final Schema SCHEMA = Schema.parse("writer STRING NOT NULL, seq LONG NOT NULL");

  private WriterProcess() {}

  public static void main(String[] args) throws Exception {
    String table = args[0];
    String prefix = args[1];
    int threads = Integer.parseInt(args[2]);
    int batches = Integer.parseInt(args[3]);
    Map<String, String> options = new java.util.HashMap<>(Map.of("path", table));
    if (args.length > 4) {
      options.put("hadoop." + KernelEngine.FILE_LOG_STORE_KEY, args[4]);
    }
    List<Thread> workers = new ArrayList<>();
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < threads; t++) {
      String appId = prefix + "-" + t;
      Thread worker = new Thread(() -> {
        try (Sink sink = Batches.sink(with(options, appId), SCHEMA, OutputMode.APPEND)) {
          for (long b = 0; b < batches; b++) {
            sink.addBatch(b, Batches.of(SCHEMA, List.of(Row.of(appId, 2 * b), Row.of(appId, 2 * b + 1))));
          }
          if (!sink.metrics().get("numCommittedBatches").equals(Integer.toString(batches))) {
            throw new AssertionError(appId + " committed " + sink.metrics());
          }
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }
    failures.forEach(Throwable::printStackTrace);
    System.exit(failures.isEmpty() ? 0 : 1);
  }

  private static Map<String, String> with(Map<String, String> options, String appId) {
    Map<String, String> out = new java.util.HashMap<>(options);
    out.put("txnAppId", appId);
    return out;
  }
}
