package io.millrace.bench;

import static io.millrace.api.functions.expr;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Issue 18's join benchmark, as ../shared/spark-baseline's {@code join} benchmark runs it on
 * Spark 4.0.1: its impressions (withWatermark impTs 10 minutes) joined with its clicks
 * (withWatermark clickTs 20 minutes) on {@code clickImpId = impId AND clickTs >= impTs AND
 * clickTs <= impTs + interval 15 minutes}, inner or leftOuter, append, 10 + 10 files a batch,
 * available-now; the output's fingerprint checked against Spark's (RESULTS.md).
 */
final class JoinBench {
  static final String CONDITION = "clickImpId = impId AND clickTs >= impTs AND clickTs <= impTs + interval 15 minutes";

  private JoinBench() {}

  static Map<String, Object> run(EndToEndBench.Args a) throws Exception {
    String joinType = a.get("--join-type", "inner");
    String provider = a.get("--provider", "hdfs");
    int shuffle = a.getInt("--shuffle", 4);
    int maxFiles = a.getInt("--max-files", 10);
    Path data = Path.of(a.get("--data", "/tmp/spark-baseline/data/join"));
    String runId = a.get("--run-id", "join-" + joinType + "-" + provider + "-" + System.currentTimeMillis());
    Path runDir = Path.of(a.get("--runs", "/tmp/millrace-e2e/runs")).resolve(runId);
    if (Files.exists(runDir)) {
      throw new IllegalStateException(runDir + " exists: give a new --run-id");
    }
    List<Path> impressions = files(data.resolve("impressions"));
    List<Path> clicks = files(data.resolve("clicks"));
    Path impDir = link(runDir.resolve("impressions"), impressions);
    Path clickDir = link(runDir.resolve("clicks"), clicks);
    List<Path> all = new ArrayList<>(impressions);
    all.addAll(clicks);
    long lines = Manifest.lines(data, all);

    Map<String, Object> r = new LinkedHashMap<>();
    r.put("engine", "millrace");
    r.put("runId", runId);
    r.put("bench", "join");
    r.put("query", "impressions.withWatermark(impTs,10 min) " + joinType + " join clicks.withWatermark(clickTs,20 min)"
        + " on " + CONDITION + " append -> join-fingerprint");
    r.put("joinType", joinType);
    r.put("provider", provider);
    r.put("sink", "join-fingerprint");
    r.put("shufflePartitions", shuffle);
    r.put("maxFilesPerTrigger", maxFiles);
    r.put("inputFiles", all.size());
    r.put("inputLines", lines);
    r.put("heapMaxMb", Runtime.getRuntime().maxMemory() >> 20);
    String loadBefore = EndToEndBench.loadAverage();
    RunStats stats = new RunStats();
    try (MillraceSession session = EndToEndBench.session(shuffle, provider)) {
      session.streams().addListener(stats);
      EndToEndBench.Probe probe = EndToEndBench.Probe.start();
      Dataset imps = session.readStream().format("file").schema("impId BIGINT, adId INT, ts TIMESTAMP")
          .option("format", "json").option("path", impDir.toString()).option("maxFilesPerTrigger", maxFiles).load()
          .withColumnRenamed("ts", "impTs").withWatermark("impTs", "10 minutes");
      Dataset clk = session.readStream().format("file").schema("impId BIGINT, ts TIMESTAMP")
          .option("format", "json").option("path", clickDir.toString()).option("maxFilesPerTrigger", maxFiles).load()
          .withColumnRenamed("impId", "clickImpId").withColumnRenamed("ts", "clickTs")
          .withWatermark("clickTs", "20 minutes");
      StreamingQuery query = imps.join(clk, expr(CONDITION), joinType).writeStream().format("join-fingerprint")
          .outputMode("append").trigger(Trigger.availableNow())
          .option("checkpointLocation", runDir.resolve("checkpoint").toString()).start();
      query.awaitTermination();
      probe.stop().report(r, lines);
    }
    r.putAll(stats.summary());
    Map<String, Object> fingerprint = JoinFingerprintSinkProvider.fingerprint();
    r.put("fingerprint", fingerprint);
    r.put("checks", checks(joinType, fingerprint));
    r.put("loadAvgBefore", loadBefore);
    r.put("loadAvgAfter", EndToEndBench.loadAverage());
    return r;
  }

  /** Spark 4.0.1's fingerprints of the same runs (spark-baseline RESULTS.md, 2026-12-01). */
  static Map<String, Object> checks(String joinType, Map<String, Object> f) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("matchedRowsEqualSparks450304", ((Number) f.get("matchedRows")).longValue() == 450_304L);
    c.put("sumMatchedImpIdEqualsSparks", ((Number) f.get("sumMatchedImpId")).longValue() == 1_027_170_874_373L);
    c.put("sumClickDelayMsEqualsSparks", ((Number) f.get("sumClickDelayMs")).longValue() == 195_861_071_937L);
    if (joinType.equalsIgnoreCase("leftOuter")) {
      c.put("rowsEqualSparks3063767", ((Number) f.get("rows")).longValue() == 3_063_767L);
      c.put("nullPaddedRowsEqualSparks2613463", ((Number) f.get("nullPaddedRows")).longValue() == 2_613_463L);
      c.put("sumNullPaddedImpIdEqualsSparks", ((Number) f.get("sumNullPaddedImpId")).longValue() == 3_790_779_379_571L);
    } else {
      c.put("rowsEqualSparks450304", ((Number) f.get("rows")).longValue() == 450_304L);
    }
    return c;
  }

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().collect(Collectors.toList());
    }
  }

  /** Hard links of {@code files} in a new {@code dir}, as the Spark harness links them. */
  private static Path link(Path dir, List<Path> files) throws IOException {
    Files.createDirectories(dir);
    for (Path f : files) {
      Files.createLink(dir.resolve(f.getFileName()), f);
    }
    return dir;
  }
}
