package io.millrace.bench;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.expr;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.session_window;
import static io.millrace.api.functions.sum;

import io.millrace.api.Dataset;
import io.millrace.api.KeyValueGroupedDataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.api.state.GroupStateTimeout;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.TimeMode;
import io.millrace.spi.sink.OutputMode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Issue 19's sessions benchmark, as ../shared/spark-baseline's {@code sessions} benchmark runs it
 * on Spark 4.0.1: {@code select(key, ts, amount)}, sessions per key with a gap of 30 s, the
 * watermark on {@code sessionEndTs = ts + gap} with a delay of 10 minutes + gap, append, 10
 * files a batch, available-now; the output's fingerprint checked against Spark's (RESULTS.md).
 * One implementation a run ({@code --impl}); each is a way of writing the same query, so each
 * must give the same fingerprint:
 * <ul>
 *   <li>{@code tws}: {@code groupByKey(key).transformWithState(TwsSessionizer, EventTime, Append)}</li>
 *   <li>{@code fmgws}: {@code groupByKey(key).flatMapGroupsWithState(FmgwsSessionizer, Append,
 *       EVENT_TIME_TIMEOUT)}</li>
 *   <li>{@code session_window}: {@code withWatermark(ts, 10 minutes).groupBy(key, session_window(ts,
 *       30 seconds)).agg(count(1), sum(amount))}, the window's start and end selected as
 *       {@code sessionStart}, {@code sessionEnd}</li>
 * </ul>
 *
 * <pre>
 *   bench/run.sh e2e --shape sessions --impl tws|fmgws|session_window [--provider hdfs|rocksdb] [--data DIR]
 *       [--run-id ID] [--max-files 10] [--shuffle 4] [--input-files N]
 *   HEAP=512m bench/run.sh e2e --shape sessions --impl tws --provider rocksdb --keys 10000000
 *       [--gen-files 200] [--gen-rows-per-file 50000] [--datagen-cp /tmp/dg]
 *       (a dataset of that many keys, made once by spark-baseline's DataGen with seed 42 under
 *        /tmp/millrace-e2e/data; no fingerprint to compare, the state's size and the heap reported)
 * </pre>
 */
final class SessionsBench {
  static final long GAP_MS = 30_000;
  static final long WATERMARK_MS = 600_000;
  static final List<String> IMPLS = List.of("tws", "fmgws", "session_window");

  private SessionsBench() {}

  /**
   * The sessions of {@code input} ({@code ts, id, key, amount}) by {@code impl}: rows with the
   * columns of {@link TwsSessionizer#OUTPUT} (the sink finds them by name).
   */
  static Dataset query(Dataset input, String impl) {
    Dataset events = input.select(col("key"), col("ts"), col("amount"));
    switch (impl) {
      case "tws":
        return keyed(events).transformWithState(() -> new TwsSessionizer(GAP_MS), TimeMode.EVENT_TIME,
            OutputMode.APPEND, TwsSessionizer.OUTPUT);
      case "fmgws":
        return keyed(events).flatMapGroupsWithState(new FmgwsSessionizer(GAP_MS), OutputMode.APPEND,
            StateCodecs.record(FmgwsSessionizer.OpenSessions.class), TwsSessionizer.OUTPUT,
            GroupStateTimeout.EVENT_TIME_TIMEOUT);
      case "session_window":
        // The watermark on ts itself: session_window's late test is ts + gap <= watermark.
        return events.withWatermark("ts", WATERMARK_MS + " milliseconds")
            .groupBy(col("key"), session_window(col("ts"), GAP_MS / 1000 + " seconds"))
            .agg(count(lit(1)).as("events"), sum("amount").as("total"))
            .select(col("key"), col("session_window.start").as("sessionStart"),
                col("session_window.end").as("sessionEnd"), col("events"), col("total"));
      default:
        throw new IllegalArgumentException("unknown --impl '" + impl + "' for --shape sessions; known: " + IMPLS);
    }
  }

  /**
   * As the baseline's tws and fmgws: the late test on {@code sessionEndTs = ts + gap}, the
   * watermark delay grown by the gap, so its numbers equal withWatermark(ts, 10 minutes)'s.
   */
  private static KeyValueGroupedDataset keyed(Dataset events) {
    return events.withColumn("sessionEndTs", expr("ts + INTERVAL " + GAP_MS / 1000 + " SECONDS"))
        .withWatermark("sessionEndTs", (WATERMARK_MS + GAP_MS) + " milliseconds")
        .groupByKey("key");
  }

  static String describe(String impl) {
    String keyed = "select(key,ts,amount).withColumn(sessionEndTs, ts + 30 s).withWatermark(sessionEndTs, 630000 ms)"
        + ".groupByKey(key)";
    switch (impl) {
      case "tws":
        return keyed + ".transformWithState(TwsSessionizer(30 s), EventTime, Append) -> sessions-fingerprint";
      case "fmgws":
        return keyed + ".flatMapGroupsWithState(FmgwsSessionizer(30 s), Append, EVENT_TIME_TIMEOUT)"
            + " -> sessions-fingerprint";
      case "session_window":
        return "select(key,ts,amount).withWatermark(ts, 600000 ms).groupBy(key, session_window(ts, 30 seconds))"
            + ".agg(count(1) as events, sum(amount) as total).select(key, session_window.start as sessionStart,"
            + " session_window.end as sessionEnd, events, total) -> sessions-fingerprint";
      default:
        throw new IllegalArgumentException("unknown --impl '" + impl + "' for --shape sessions; known: " + IMPLS);
    }
  }

  static Map<String, Object> run(EndToEndBench.Args a) throws Exception {
    String impl = a.get("--impl", "tws");
    String provider = a.get("--provider", "rocksdb");
    int shuffle = a.getInt("--shuffle", 4);
    int maxFiles = a.getInt("--max-files", 10);
    Path data = a.has("--keys") ? generated(a) : Path.of(a.get("--data", "/tmp/spark-baseline/data/bench"));
    boolean baselineData = !a.has("--data") && !a.has("--keys");
    String runId = a.get("--run-id", "sessions-" + impl + "-" + provider + "-" + System.currentTimeMillis());
    Path runDir = Path.of(a.get("--runs", "/tmp/millrace-e2e/runs")).resolve(runId);
    if (Files.exists(runDir)) {
      throw new IllegalStateException(runDir + " exists: give a new --run-id");
    }
    List<Path> files = files(data.resolve("input"), a.getInt("--input-files", Integer.MAX_VALUE));
    Path input = Files.createDirectories(runDir.resolve("input"));
    for (Path f : files) { // hard links in a fresh directory, as the Spark harness links them
      Files.createLink(input.resolve(f.getFileName()), f);
    }
    long lines = Manifest.lines(data, files);

    Map<String, Object> r = new LinkedHashMap<>();
    r.put("engine", "millrace");
    r.put("runId", runId);
    r.put("bench", "sessions");
    r.put("impl", impl);
    r.put("query", describe(impl));
    r.put("provider", provider);
    r.put("sink", "sessions-fingerprint");
    r.put("shufflePartitions", shuffle);
    r.put("maxFilesPerTrigger", maxFiles);
    r.put("data", data.toString());
    r.put("inputFiles", files.size());
    r.put("inputLines", lines);
    r.put("heapMaxMb", Runtime.getRuntime().maxMemory() >> 20);
    r.put("javaVersion", System.getProperty("java.version"));
    String loadBefore = EndToEndBench.loadAverage();
    RunStats stats = new RunStats();
    resetPeakHeap();
    try (MillraceSession session = EndToEndBench.session(shuffle, provider)) {
      session.streams().addListener(stats);
      EndToEndBench.Probe probe = EndToEndBench.Probe.start();
      StreamingQuery query = query(E2eQuery.fileSource(session, input, maxFiles), impl).writeStream()
          .format("sessions-fingerprint").outputMode("append").trigger(Trigger.availableNow())
          .option("checkpointLocation", runDir.resolve("checkpoint").toString()).start();
      query.awaitTermination();
      probe.stop().report(r, lines);
    }
    r.putAll(stats.summary());
    r.put("peakHeapUsedMb", peakHeapMb());
    r.put("stateDirBytes", sizeOf(runDir.resolve("checkpoint")));
    // A run's checkpoint is some 80 MB and serves no later run (a window run's serves --restart-cold):
    // kept, the rounds of sessions-vs-spark filled tens of GB of /tmp.
    if (!a.has("--keep-run")) {
      StateWorkloads.delete(runDir);
    }
    r.put("runDirKept", a.has("--keep-run"));
    Map<String, Object> fingerprint = SessionsFingerprintSinkProvider.fingerprint();
    r.put("fingerprint", fingerprint);
    r.put("checks", checks(fingerprint, r, baselineData && files.size() == 200 && maxFiles == 10));
    r.put("loadAvgBefore", loadBefore);
    r.put("loadAvgAfter", EndToEndBench.loadAverage());
    return r;
  }

  /**
   * The dataset of {@code --keys} distinct keys, made by spark-baseline's JDK-only DataGen
   * (compiled classes at {@code --datagen-cp}) the first time it is asked for, and kept.
   */
  private static Path generated(EndToEndBench.Args a) throws IOException, InterruptedException {
    long keys = Long.parseLong(a.get("--keys", null));
    int files = a.getInt("--gen-files", 200);
    int rowsPerFile = a.getInt("--gen-rows-per-file", 50_000);
    Path dir = Path.of(a.get("--gen-dir", "/tmp/millrace-e2e/data"))
        .resolve("sessions-keys" + keys + "-" + files + "x" + rowsPerFile);
    if (Files.exists(dir.resolve("manifest.json"))) {
      return dir;
    }
    String cp = a.get("--datagen-cp", "/tmp/dg");
    if (!Files.exists(Path.of(cp, "bench", "spark", "DataGen.class"))) {
      throw new IllegalArgumentException("--keys needs spark-baseline's DataGen: no bench/spark/DataGen.class under"
          + " --datagen-cp " + cp + " (compile ../shared/spark-baseline's DataGen.java Args.java Fs.java there)");
    }
    Process gen = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
        "bench.spark.DataGen", "--out", dir.toString(), "--files", Integer.toString(files), "--rows-per-file",
        Integer.toString(rowsPerFile), "--keys", Long.toString(keys), "--seed", "42", "--extra-files", "0")
        .inheritIO().start();
    if (gen.waitFor() != 0 || !Files.exists(dir.resolve("manifest.json"))) {
      throw new IllegalStateException("DataGen failed (exit " + gen.exitValue() + ") writing " + dir);
    }
    return dir;
  }

  /**
   * Spark 4.0.1's figures of the same run over the default dataset (spark-baseline RESULTS.md,
   * 2026-12-01; identical for tws, fmgws and session_window, both stores, and again in the fmgws
   * and session_window runs on rocksdb of 2026-12-03): 476,420 sessions, 9,215,732 events,
   * 87,567,294,479 ms, 460,581,523,280 cents, 41 rows late, 20 batches with data and one without.
   * For session_window Millrace counts late input rows and Spark counts them after its map-side
   * partial aggregation; on this dataset both counts are 41 (if a dataset made them differ, this
   * check would say so, not the fingerprint's).
   */
  static Map<String, Object> checks(Map<String, Object> f, Map<String, Object> r, boolean sparksRun) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("allLinesRead", num(r, "numInputRows") == num(r, "inputLines"));
    if (sparksRun) {
      c.put("sessionsEqualSparks476420", num(f, "sessions") == 476_420L);
      c.put("sumEventsEqualsSparks9215732", num(f, "sumEvents") == 9_215_732L);
      c.put("sumLengthMsEqualsSparks", num(f, "sumLengthMs") == 87_567_294_479L);
      c.put("sumTotalCentsEqualsSparks", num(f, "sumTotalCents") == 460_581_523_280L);
      c.put("lateRowsEqualSparks41", num(r, "numRowsDroppedByWatermark") == 41L);
      c.put("batchesEqualSparks20Plus1", num(r, "batchesData") == 20L && num(r, "batchesNoData") == 1L);
    }
    return c;
  }

  private static long num(Map<String, Object> m, String key) {
    Object v = m.get(key);
    return v == null ? -1 : ((Number) v).longValue();
  }

  private static List<Path> files(Path dir, int limit) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().limit(limit)
          .collect(Collectors.toList());
    }
  }

  private static void resetPeakHeap() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  /** The sum of the heap pools' peaks since the run started (an upper bound of the peak heap in use). */
  private static long peakHeapMb() {
    long bytes = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        bytes += pool.getPeakUsage().getUsed();
      }
    }
    return bytes >> 20;
  }

  /** Bytes of the files under {@code dir}: the checkpoint, state included, after the run. */
  static long sizeOf(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return 0;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> {
        try {
          return Files.size(p);
        } catch (IOException e) {
          return 0;
        }
      }).sum();
    }
  }
}
