package io.millrace.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Issue 7's end-to-end benchmark: the file source over ../shared/spark-baseline's dataset
 * ({@code ./run.sh gen}), one query shape, the noop or Delta sink, Trigger.AvailableNow, in this
 * JVM; or the cold restart of a finished window run in a fresh JVM. Measured as the baseline
 * harness measures Spark 4.0.1: wall time from start() to the end of awaitTermination(), input
 * lines per second and per CPU-second of the process, and the per-batch triggerExecution.
 *
 * <pre>
 *   bench/run.sh e2e --shape window|stateless|stateless-parquet|dedup [--provider hdfs|rocksdb] [--sink noop|delta]
 *       [--run-id ID] [--data DIR] [--runs DIR] [--max-files 10] [--shuffle 4] [--input-files 200]
 *       [--results FILE]
 *       [--source kafka --bootstrap HOST:PORT [--topic events] [--max-offsets 500000] [--broker-pid PID]]
 *       (the topic ../shared/spark-baseline's ./run.sh kafka-load serves, instead of the files)
 *   bench/run.sh e2e --shape join [--join-type inner|leftOuter] [--provider hdfs|rocksdb]
 *       (../shared/spark-baseline's join benchmark: impressions joined with clicks, its fingerprint checked)
 *   bench/run.sh e2e --shape sessions --impl tws|fmgws|session_window [--provider hdfs|rocksdb] [--data DIR]
 *       [--keep-run]
 *       (../shared/spark-baseline's sessions benchmark: sessions per key, gap 30 s; its fingerprint checked;
 *        the run's directory is deleted after its checks unless --keep-run)
 *   bench/run.sh e2e --restart-cold FROM_RUN_ID [--run-id ID] [--child-flags 'JVM flags'] [--verbose]
 *       (resumes a window run's checkpoint in a new JVM)
 *   bench/run.sh e2e --summary [--results FILE]
 * </pre>
 */
public final class EndToEndBench {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final String CHILD_LINE = "E2E_CHILD ";

  public static void main(String[] args) throws Exception {
    Args a = new Args(args);
    Path results = Path.of(a.get("--results", "/tmp/millrace-e2e/results.jsonl"));
    if (a.has("--summary")) {
      Report.printTable(Report.read(results));
      return;
    }
    if (a.has("--resume-child")) {
      resumeChild(a);
      return;
    }
    Map<String, Object> r = a.has("--restart-cold") ? restartCold(a)
        : a.get("--shape", "").equals("join") ? JoinBench.run(a)
        : a.get("--shape", "").equals("sessions") ? SessionsBench.run(a) : run(a);
    Files.createDirectories(results.toAbsolutePath().getParent());
    Files.writeString(results, JSON.writeValueAsString(r) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    System.out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(r));
    Report.printTable(List.of(r));
  }

  /** One shape over the input files, in this JVM. */
  private static Map<String, Object> run(Args a) throws Exception {
    String shape = a.get("--shape", "window");
    String provider = a.get("--provider", "hdfs");
    String sink = shape.equals("stateless-parquet") ? "parquet" : a.get("--sink", "noop");
    int maxFiles = a.getInt("--max-files", 10);
    int shuffle = a.getInt("--shuffle", 4);
    Path data = Path.of(a.get("--data", "/tmp/spark-baseline/data/bench"));
    String runId = a.get("--run-id", shape + "-" + provider + "-" + sink + "-" + System.currentTimeMillis());
    Path runDir = Path.of(a.get("--runs", "/tmp/millrace-e2e/runs")).resolve(runId);
    List<Path> files = inputFiles(data.resolve("input"), a.getInt("--input-files", Integer.MAX_VALUE));
    boolean kafka = a.get("--source", "file").equals("kafka");
    Path input = kafka ? freshRunDir(runDir) : linkFresh(runDir, files);
    long lines = Manifest.lines(data, files);

    Map<String, Object> r = header(runId, shape, provider, sink, shuffle, maxFiles, files.size(), lines);
    long brokerPid = Long.parseLong(a.get("--broker-pid", "-1"));
    long brokerCpu0 = BrokerCpu.millis(brokerPid);
    String loadBefore = loadAverage();
    RunStats stats = new RunStats();
    try (MillraceSession session = session(shuffle, provider)) {
      session.streams().addListener(stats);
      Probe probe = Probe.start();
      Dataset src;
      if (kafka) {
        String bootstrap = a.get("--bootstrap", null);
        if (bootstrap == null) {
          throw new IllegalArgumentException("--source kafka needs --bootstrap HOST:PORT: start ../shared/spark-baseline's"
              + " ./run.sh kafka-load first; it prints the bootstrap servers");
        }
        long maxOffsets = Long.parseLong(a.get("--max-offsets", "500000"));
        String topic = a.get("--topic", "events");
        r.put("source", "kafka(" + topic + ")");
        r.put("maxOffsetsPerTrigger", maxOffsets);
        r.remove("maxFilesPerTrigger");
        src = shape.equals("copy") ? E2eQuery.kafkaRows(session, bootstrap, topic, maxOffsets)
            : E2eQuery.kafkaSource(session, bootstrap, topic, maxOffsets);
      } else {
        src = E2eQuery.fileSource(session, input, maxFiles);
      }
      Map<String, String> sinkOptions = Map.of();
      String outTopic = null;
      if (sink.equals("kafka")) { // a Kafka-to-Kafka run: a fresh output topic on the same broker, exactly-once
        outTopic = a.get("--topic", "events") + "-out-" + runId;
        KafkaTopics.create(a.get("--bootstrap", null), outTopic, 4);
        sinkOptions = Map.of("kafka.bootstrap.servers", a.get("--bootstrap", null), "topic", outTopic);
        r.put("sinkTopic", outTopic);
      }
      StreamingQuery query = E2eQuery.build(src, shape, sink, runDir.resolve("table"), runDir.resolve("checkpoint"),
          sinkOptions).start();
      query.awaitTermination();
      Probe.Result m = probe.stop();
      if (brokerPid > 0) { // the broker's own JVM: part of the benchmark, reported apart as Spark's harness does
        r.put("brokerCpuMs", BrokerCpu.millis(brokerPid) - brokerCpu0);
      }
      m.report(r, lines);
    }
    r.putAll(stats.summary());
    r.put("sinkRowsCounted", sink.equals("parquet") ? ParquetRowCount.of(runDir.resolve("table"))
        : sink.equals("kafka") ? KafkaTopics.committedRecords(a.get("--bootstrap", null), (String) r.get("sinkTopic"))
        : NoopSinkProvider.ROWS.sum());
    r.put("checks", Checks.of(shape, sink, files.size(), lines, r));
    r.put("loadAvgBefore", loadBefore);
    r.put("loadAvgAfter", loadAverage());
    return r;
  }

  /**
   * A fresh JVM resumes {@code --restart-cold}'s checkpoint after extra/part-00201.json appears
   * in its input: process launch to the end of the first batch, measured on the wall clock of
   * this (parent) process and the child's.
   */
  private static Map<String, Object> restartCold(Args a) throws Exception {
    String from = a.get("--restart-cold", null);
    Path data = Path.of(a.get("--data", "/tmp/spark-baseline/data/bench"));
    Path runDir = Path.of(a.get("--runs", "/tmp/millrace-e2e/runs")).resolve(from);
    Map<String, Object> fromRun = Report.find(Path.of(a.get("--results", "/tmp/millrace-e2e/results.jsonl")), from);
    String provider = (String) fromRun.getOrDefault("provider", "hdfs");
    String sink = (String) fromRun.getOrDefault("sink", "noop");
    int shuffle = ((Number) fromRun.getOrDefault("shufflePartitions", 4)).intValue();
    Path extra = data.resolve("extra/part-00201.json");
    Path linked = runDir.resolve("input").resolve(extra.getFileName());
    Files.deleteIfExists(linked);
    Files.createLink(linked, extra);

    Map<String, Object> r = header(a.get("--run-id", "restart-cold-" + from), "restart-cold", provider, sink, shuffle,
        a.getInt("--max-files", 10), 1, Manifest.lines(data, List.of(extra)));
    r.put("fromRun", from);
    r.put("loadAvgBefore", loadAverage());
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    if (a.has("--child-flags")) { // e.g. a flight recording of the child only
      command.addAll(List.of(a.get("--child-flags", "").trim().split("\\s+")));
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), EndToEndBench.class.getName(),
        "--resume-child", runDir.toString(), "--provider", provider, "--sink", sink, "--shuffle",
        Integer.toString(shuffle), "--max-files", a.get("--max-files", "10")));
    long launched = System.currentTimeMillis();
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    Map<String, Object> reported = null;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = out.readLine()) != null; ) {
        if (line.startsWith(CHILD_LINE)) {
          reported = JSON.readValue(line.substring(CHILD_LINE.length()), Map.class);
        } else if (a.has("--verbose")) {
          System.out.println("  child| " + line);
        }
      }
    }
    int exit = child.waitFor();
    if (exit != 0 || reported == null) {
      throw new IllegalStateException("the restarted JVM exited with " + exit + " and reported " + reported);
    }
    long firstDone = ((Number) reported.get("firstBatchDoneEpochMs")).longValue();
    r.put("launchToFirstBatchMs", firstDone - launched);
    r.put("launchToStartCallMs", ((Number) reported.get("startCallEpochMs")).longValue() - launched);
    r.put("startToFirstBatchMs", firstDone - ((Number) reported.get("startCallEpochMs")).longValue());
    r.putAll(reported);
    r.put("loadAvgAfter", loadAverage());
    return r;
  }

  /** The child of {@link #restartCold}: resumes the window query and reports its first batch. */
  private static void resumeChild(Args a) throws Exception {
    Path runDir = Path.of(a.get("--resume-child", null));
    RunStats stats = new RunStats();
    Map<String, Object> r = new LinkedHashMap<>();
    try (MillraceSession session = session(a.getInt("--shuffle", 4), a.get("--provider", "hdfs"))) {
      session.streams().addListener(stats);
      long startCall = System.currentTimeMillis();
      StreamingQuery query = E2eQuery.build(session, "window", runDir.resolve("input"), a.getInt("--max-files", 10),
          a.get("--sink", "noop"), runDir.resolve("table"), runDir.resolve("checkpoint")).start();
      query.awaitTermination();
      r.put("startCallEpochMs", startCall);
      r.put("firstBatchDoneEpochMs", stats.firstDataBatchDoneEpochMs);
      r.put("jvmStartEpochMs", ManagementFactory.getRuntimeMXBean().getStartTime());
    }
    r.putAll(stats.summary());
    System.out.println(CHILD_LINE + JSON.writeValueAsString(r));
  }

  private static Map<String, Object> header(String runId, String shape, String provider, String sink, int shuffle,
      int maxFiles, int files, long lines) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("engine", "millrace");
    r.put("runId", runId);
    r.put("bench", shape);
    r.put("query", shape.equals("restart-cold") ? "window, resumed in a new JVM" : E2eQuery.describe(shape, sink));
    r.put("provider", shape.startsWith("stateless") || shape.equals("copy") ? "-" : provider);
    r.put("sink", sink);
    r.put("shufflePartitions", shuffle);
    r.put("maxFilesPerTrigger", maxFiles);
    r.put("inputFiles", files);
    r.put("inputLines", lines);
    r.put("heapMaxMb", Runtime.getRuntime().maxMemory() >> 20);
    r.put("javaVersion", System.getProperty("java.version"));
    return r;
  }

  static MillraceSession session(int shuffle, String provider) {
    MillraceSession.Builder builder = MillraceSession.builder().config("millrace.shuffle.partitions", shuffle)
        .config("millrace.state.provider", provider);
    // Any other engine setting, as -Dmillrace.…=… on the bench's command line (e.g. a store's
    // options), so a run can compare settings without a rebuild.
    System.getProperties().stringPropertyNames().stream()
        .filter(k -> k.startsWith("millrace.") && !k.equals("millrace.shuffle.partitions")
            && !k.equals("millrace.state.provider"))
        .forEach(k -> builder.config(k, System.getProperty(k)));
    return builder.build();
  }

  /** The input files in name order (= the generator's mtime order), the first {@code limit}. */
  private static List<Path> inputFiles(Path dir, int limit) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().limit(limit)
          .collect(Collectors.toList());
    }
  }

  /** A new {@code runDir} for a run that reads no files. */
  private static Path freshRunDir(Path runDir) throws IOException {
    if (Files.exists(runDir)) {
      throw new IllegalStateException(runDir + " exists: give a new --run-id");
    }
    return Files.createDirectories(runDir);
  }

  /** Hard-links the files into a fresh {@code runDir/input}, as the Spark harness does. */
  private static Path linkFresh(Path runDir, List<Path> files) throws IOException {
    if (Files.exists(runDir)) {
      throw new IllegalStateException(runDir + " exists: give a new --run-id");
    }
    Path input = Files.createDirectories(runDir.resolve("input"));
    for (Path f : files) {
      Files.createLink(input.resolve(f.getFileName()), f);
    }
    return input;
  }

  static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "n/a";
    }
  }

  /** Wall, process CPU and GC time over the query's run. */
  record Probe(long wall0, long cpu0, long gc0) {
    record Result(long wallMs, long cpuMs, long gcMs) {
      /** Puts the run's wall, CPU and GC time into {@code r}, with rows/s over {@code lines} input lines. */
      void report(Map<String, Object> r, long lines) {
        r.put("wallMs", wallMs);
        r.put("rowsPerSec", Math.round(lines * 1000.0 / wallMs));
        r.put("cpuMs", cpuMs);
        r.put("rowsPerCpuSec", Math.round(lines * 1000.0 / cpuMs));
        r.put("coresBusy", Math.round(100.0 * cpuMs / wallMs) / 100.0);
        r.put("gcMs", gcMs);
      }
    }

    static Probe start() {
      return new Probe(System.nanoTime(), cpuNanos(), gcMs());
    }

    Result stop() {
      return new Result((System.nanoTime() - wall0) / 1_000_000, (cpuNanos() - cpu0) / 1_000_000, gcMs() - gc0);
    }

    private static long cpuNanos() {
      return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
          .getProcessCpuTime();
    }

    private static long gcMs() {
      long ms = 0;
      for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        ms += Math.max(0, gc.getCollectionTime());
      }
      return ms;
    }
  }

  /** {@code --name value} arguments; a flag without value is present with value "". */
  static final class Args {
    private final Map<String, String> values = new LinkedHashMap<>();

    Args(String[] args) {
      for (int i = 0; i < args.length; i++) {
        if (!args[i].startsWith("--")) {
          throw new IllegalArgumentException("unexpected argument '" + args[i] + "'");
        }
        boolean hasValue = i + 1 < args.length && !args[i + 1].startsWith("--");
        values.put(args[i], hasValue ? args[++i] : "");
      }
    }

    boolean has(String name) {
      return values.containsKey(name);
    }

    String get(String name, String defaultValue) {
      return values.getOrDefault(name, defaultValue);
    }

    int getInt(String name, int defaultValue) {
      return has(name) ? Integer.parseInt(values.get(name)) : defaultValue;
    }
  }
}
