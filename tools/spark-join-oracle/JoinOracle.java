import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.StateOperatorProgress;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.streaming.Trigger;

/**
 * Spark 4.0.1 oracle for stream-stream join facts.
 *
 * Usage: java ... JoinOracle SCENARIOS_FILE OUT_FILE [scenario-name ...]
 */
public final class JoinOracle {

  // ---------------------------------------------------------------- scenario model
  static final class RowSpec {
    final char side; final String key, time, value; final String raw;
    RowSpec(String raw) {
      this.raw = raw.trim();
      String[] t = this.raw.split("\\s+");
      if (t.length != 4 || !(t[0].equals("L") || t[0].equals("R")))
        throw new IllegalArgumentException("bad row: " + raw);
      side = t[0].charAt(0); key = t[1]; time = t[2]; value = t[3];
    }
  }

  static final class Scenario {
    String name, type, leftDelay, rightDelay, condition;
    /** The query's output mode (append unless the scenario says "mode ..."). */
    String mode = "append";
    /** What runs on the joined rows before the sink, in order ("after ..." lines); empty for the join alone. */
    List<String> after = new ArrayList<>();
    /** selectExpr columns applied to a side after its withWatermark ("left_select"/"right_select"); null for none. */
    String leftSelect, rightSelect;
    List<List<RowSpec>> steps = new ArrayList<>();
    /** 0 = normal run; N > 0 = stop the query after step N and continue with a new query (same checkpoint). */
    int restartAfter = 0;

    Scenario restartedVariant(int afterStep) {
      Scenario v = new Scenario();
      v.name = name + "_restarted_after_step_" + afterStep;
      v.type = type; v.leftDelay = leftDelay; v.rightDelay = rightDelay; v.condition = condition;
      v.mode = mode; v.after = after; v.leftSelect = leftSelect; v.rightSelect = rightSelect;
      v.steps = steps; v.restartAfter = afterStep;
      return v;
    }
  }

  static List<Scenario> parse(Path file) throws Exception {
    List<Scenario> out = new ArrayList<>();
    Map<String, Scenario> byName = new LinkedHashMap<>();
    Scenario cur = null;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String l = line.trim();
      if (l.isEmpty() || l.startsWith("#")) continue;
      if (l.startsWith("scenario ")) {
        cur = new Scenario();
        cur.name = l.substring("scenario ".length()).trim();
        out.add(cur); byName.put(cur.name, cur);
      } else if (cur == null) {
        throw new IllegalArgumentException("line outside scenario: " + line);
      } else if (l.startsWith("type ")) {
        cur.type = l.substring(5).trim();
      } else if (l.startsWith("left_delay ")) {
        cur.leftDelay = l.substring(11).trim();
      } else if (l.startsWith("right_delay ")) {
        cur.rightDelay = l.substring(12).trim();
      } else if (l.startsWith("condition ")) {
        cur.condition = l.substring(10).trim();
      } else if (l.startsWith("mode ")) {
        cur.mode = l.substring(5).trim();
      } else if (l.startsWith("after ")) {
        cur.after.add(l.substring(6).trim());
      } else if (l.startsWith("left_select ")) {
        cur.leftSelect = l.substring(12).trim();
      } else if (l.startsWith("right_select ")) {
        cur.rightSelect = l.substring(13).trim();
      } else if (l.equals("step")) {
        cur.steps.add(new ArrayList<>());
      } else if (l.startsWith("L ") || l.startsWith("R ")) {
        if (cur.steps.isEmpty()) throw new IllegalArgumentException("row before step: " + line);
        cur.steps.get(cur.steps.size() - 1).add(new RowSpec(l));
      } else if (l.startsWith("(same rows, delays and condition as ") && l.endsWith(")")) {
        Scenario src = ref(byName, l.substring("(same rows, delays and condition as ".length(), l.length() - 1));
        cur.leftDelay = src.leftDelay; cur.rightDelay = src.rightDelay; cur.condition = src.condition;
        cur.steps = src.steps;
      } else if (l.startsWith("(same steps and rows as ") && l.endsWith(")")) {
        cur.steps = ref(byName, l.substring("(same steps and rows as ".length(), l.length() - 1)).steps;
      } else if (l.startsWith("(one step with ") && l.endsWith(")")) {
        List<RowSpec> step = new ArrayList<>();
        for (String r : l.substring("(one step with ".length(), l.length() - 1).split("/"))
          step.add(new RowSpec(r));
        cur.steps = new ArrayList<>();
        cur.steps.add(step);
      } else {
        throw new IllegalArgumentException("unrecognised scenario line: " + line);
      }
    }
    for (Scenario s : out)
      if (s.type == null || s.leftDelay == null || s.rightDelay == null || s.condition == null
          || s.steps.isEmpty())
        throw new IllegalArgumentException("incomplete scenario " + s.name);
    return out;
  }

  static Scenario ref(Map<String, Scenario> byName, String name) {
    Scenario s = byName.get(name.trim());
    if (s == null) throw new IllegalArgumentException("unknown scenario reference " + name);
    return s;
  }

  // ---------------------------------------------------------------- formatting
  static final Instant EPOCH = Instant.EPOCH;
  static final LocalDate DAY = LocalDate.of(2026, 1, 1);

  static String jsonTs(String mmss) {
    if (mmss.equals("-")) return "null";
    String[] p = mmss.split(":");
    if (p.length != 2) throw new IllegalArgumentException("bad time " + mmss);
    return String.format("\"2026-01-01T00:%02d:%02d.000Z\"", Integer.parseInt(p[0]), Integer.parseInt(p[1]));
  }

  static String jsonStr(String v) {
    if (v.equals("-")) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (char c : v.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\');
      b.append(c);
    }
    return b.append('"').toString();
  }

  static String jsonInt(String v) {
    if (v.equals("-")) return "null";
    return Integer.toString(Integer.parseInt(v));
  }

  static String fmtInstant(Instant i) {
    if (i.equals(EPOCH)) return "epoch";
    ZonedDateTime z = i.atZone(ZoneOffset.UTC);
    if (!z.toLocalDate().equals(DAY)) return i.toString(); // not expected
    String s = z.getHour() == 0
        ? String.format("%02d:%02d", z.getMinute(), z.getSecond())
        : String.format("%02d:%02d:%02d", z.getHour(), z.getMinute(), z.getSecond());
    if (z.getNano() != 0) s += String.format(".%03d", z.getNano() / 1_000_000);
    return s;
  }

  static String fmtValue(Object o) {
    if (o == null) return "-";
    if (o instanceof java.sql.Timestamp) return fmtInstant(((java.sql.Timestamp) o).toInstant());
    if (o instanceof Instant) return fmtInstant((Instant) o);
    return o.toString();
  }

  static String oneLine(String s) {
    if (s == null) return "null";
    return s.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n");
  }

  // ---------------------------------------------------------------- running
  /** A batch of one query run: query 1 = the (first) query, 2 = the query started after a restart. */
  record BKey(int query, long id) implements Comparable<BKey> {
    public int compareTo(BKey o) {
      return query != o.query ? Integer.compare(query, o.query) : Long.compare(id, o.id);
    }
  }
  static final Map<BKey, List<String>> batchRows = new ConcurrentHashMap<>();
  static final Map<BKey, Integer> batchStep = new ConcurrentHashMap<>();
  static final Map<BKey, Integer> sinkCalls = new ConcurrentHashMap<>();
  static volatile int currentStep = 0;
  static volatile int currentQuery = 1;
  /** true between the restarted query's start() and the first file write of the next step. */
  static volatile boolean inRestartGap = false;
  static final java.util.Set<BKey> gapBatches = ConcurrentHashMap.newKeySet();
  /** Temp dirs, deleted after spark.stop() (state-store maintenance may still touch them). */
  static final List<Path> toDelete = new ArrayList<>();

  /** Result of one scenario run: the lines to write (without header lines) and a validity flag. */
  static final class Result { List<String> lines = new ArrayList<>(); String retryReason; }

  static Result run(SparkSession spark, Scenario s) throws Exception {
    batchRows.clear(); batchStep.clear(); sinkCalls.clear(); gapBatches.clear();
    currentStep = 0; currentQuery = 1; inRestartGap = false;
    Result res = new Result();
    Path dir = Files.createTempDirectory("join-oracle-run-" + s.name + "-");
    Path leftDir = Files.createDirectories(dir.resolve("left"));
    Path rightDir = Files.createDirectories(dir.resolve("right"));
    Path stage = Files.createDirectories(dir.resolve("stage"));
    Path ckpt = dir.resolve("checkpoint");

    VoidFunction2<Dataset<Row>, Long> sink = (ds, id) -> {
      List<String> rows = new ArrayList<>();
      for (Row r : ds.collectAsList()) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < r.length(); i++) {
          if (i > 0) b.append('|');
          b.append(fmtValue(r.get(i)));
        }
        rows.add(b.toString());
      }
      rows.sort(Comparator.naturalOrder());
      BKey k = new BKey(currentQuery, id);
      batchRows.put(k, rows);
      batchStep.put(k, currentStep);
      sinkCalls.merge(k, 1, Integer::sum);
      if (inRestartGap) gapBatches.add(k);
    };

    StreamingQuery q;
    try {
      q = startQuery(spark, s, leftDir, rightDir, ckpt, sink);
    } catch (Exception e) {
      for (int i = 0; i < s.steps.size(); i++) stepLines(res.lines, i, s.steps.get(i));
      res.lines.add("# refused during start(); exception class " + e.getClass().getName()
          + (e instanceof org.apache.spark.sql.AnalysisException
              ? " (an org.apache.spark.sql.AnalysisException)" : ""));
      if (e instanceof org.apache.spark.SparkThrowable)
        res.lines.add("# error condition: " + ((org.apache.spark.SparkThrowable) e).getCondition());
      if (e instanceof org.apache.spark.sql.AnalysisException)
        res.lines.add("# message without plan: "
            + oneLine(((org.apache.spark.sql.AnalysisException) e).getSimpleMessage()));
      res.lines.add("refused " + e.getClass().getSimpleName() + "|" + oneLine(e.getMessage()));
      toDelete.add(dir);
      return res;
    }

    Map<Integer, Long> stepInputRows = new TreeMap<>();
    List<StreamingQuery> queries = new ArrayList<>();
    queries.add(q);
    try {
      for (int i = 0; i < s.steps.size(); i++) {
        List<RowSpec> step = s.steps.get(i);
        if (s.restartAfter > 0 && i == s.restartAfter) {
          // Restart: stop the query after step restartAfter and start a new one, built the same way,
          // on the same checkpoint and input folders.
          awaitProgress(q, 1);
          q.stop();
          currentQuery = 2;
          inRestartGap = true;
          try {
            q = startQuery(spark, s, leftDir, rightDir, ckpt, sink);
          } catch (Exception e) {
            inRestartGap = false;
            for (int j = 0; j < s.steps.size(); j++) stepLines(res.lines, j, s.steps.get(j));
            res.lines.add("restart");
            res.lines.add("# refused during start() of the restarted query; exception class " + e.getClass().getName());
            res.lines.add("refused " + e.getClass().getSimpleName() + "|" + oneLine(e.getMessage()));
            return res;
          }
          queries.add(q);
        }
        currentStep = i + 1;
        StringBuilder lb = new StringBuilder(), rb = new StringBuilder();
        for (RowSpec r : step) {
          String json = r.side == 'L'
              ? "{\"lk\":" + jsonInt(r.key) + ",\"lts\":" + jsonTs(r.time) + ",\"lv\":" + jsonStr(r.value) + "}\n"
              : "{\"rk\":" + jsonInt(r.key) + ",\"rts\":" + jsonTs(r.time) + ",\"rv\":" + jsonStr(r.value) + "}\n";
          (r.side == 'L' ? lb : rb).append(json);
        }
        String name = String.format("step-%03d.json", i);
        Path lt = null, rt = null;
        if (lb.length() > 0) { lt = stage.resolve("L-" + name); Files.writeString(lt, lb); }
        if (rb.length() > 0) { rt = stage.resolve("R-" + name); Files.writeString(rt, rb); }
        if (lt != null) Files.move(lt, leftDir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        if (rt != null) Files.move(rt, rightDir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        inRestartGap = false;
        try {
          q.processAllAvailable();
        } catch (Exception e) {
          stepLines(res.lines, i, step);
          res.lines.add("# refused during processAllAvailable() of step " + (i + 1)
              + "; exception class " + e.getClass().getName());
          Throwable c = e.getCause() != null ? e.getCause() : e;
          res.lines.add("refused " + e.getClass().getSimpleName() + "|" + oneLine(e.getMessage()));
          if (c != e)
            res.lines.add("# cause " + c.getClass().getName() + ": " + oneLine(c.getMessage()));
          return res;
        }
        stepInputRows.put(i + 1, (long) step.size());
      }
      // Make sure the progress of every batch that reached the sink has been reported.
      awaitProgress(q, queries.size());
    } finally {
      q.stop();
    }

    // Progress per (query, batch id); prefer the entry of an executed batch (has addBatch timing).
    Map<BKey, StreamingQueryProgress> prog = new TreeMap<>();
    for (int qi = 0; qi < queries.size(); qi++) {
      for (StreamingQueryProgress p : queries.get(qi).recentProgress()) {
        BKey k = new BKey(qi + 1, p.batchId());
        boolean executed = p.durationMs() != null && p.durationMs().containsKey("addBatch");
        StreamingQueryProgress old = prog.get(k);
        if (old == null || (executed && !old.durationMs().containsKey("addBatch"))) prog.put(k, p);
      }
    }
    java.util.Set<BKey> ids = new java.util.TreeSet<>(batchRows.keySet());
    for (Map.Entry<BKey, StreamingQueryProgress> e : prog.entrySet())
      if (e.getValue().durationMs().containsKey("addBatch")) ids.add(e.getKey());
    // A batch id run by both queries (the restarted query re-running an uncommitted batch) or a sink
    // called twice for one batch would make the output ambiguous: retry the scenario.
    java.util.Set<Long> plainIds = new java.util.HashSet<>();
    for (BKey k : ids)
      if (!plainIds.add(k.id())) res.retryReason = "batch id " + k.id() + " ran in both queries";
    for (Map.Entry<BKey, Integer> e : sinkCalls.entrySet())
      if (e.getValue() != 1) res.retryReason = "sink called " + e.getValue() + " times for batch " + e.getKey().id();

    // Validate: per step, both of its files were taken by ONE batch (no split of a step's two
    // files over two batches). Judged by source offsets, not numInputRows (which can be lower than
    // the file rows: JSON filter push-down drops rows of an inferred IsNotNull(key) filter).
    Map<Integer, List<Long>> advancing = new TreeMap<>();
    for (BKey key : ids) {
      long id = key.id();
      StreamingQueryProgress p = prog.get(key);
      Integer st = batchStep.get(key);
      if (p == null || st == null) { res.retryReason = "batch " + id + " lacks progress or sink call"; continue; }
      if (gapBatches.contains(key)) {
        boolean adv = false;
        for (org.apache.spark.sql.streaming.SourceProgress sp : p.sources())
          adv |= !java.util.Objects.equals(sp.startOffset(), sp.endOffset());
        if (adv) { res.retryReason = "batch " + id + " took data while step files were being written"; continue; }
      }
      boolean l = false, r = false;
      for (org.apache.spark.sql.streaming.SourceProgress sp : p.sources()) {
        boolean adv = !java.util.Objects.equals(sp.startOffset(), sp.endOffset());
        if (sp.description().contains(leftDir.toString())) l |= adv;
        else if (sp.description().contains(rightDir.toString())) r |= adv;
        else throw new IllegalStateException("unknown source " + sp.description());
      }
      if (l || r) {
        advancing.computeIfAbsent(st, k -> new ArrayList<>()).add(id);
        List<RowSpec> step = s.steps.get(st - 1);
        boolean wantL = step.stream().anyMatch(x -> x.side == 'L');
        boolean wantR = step.stream().anyMatch(x -> x.side == 'R');
        if (l != wantL || r != wantR)
          res.retryReason = "batch " + id + " of step " + st + " took left=" + l + " right=" + r;
      }
    }
    for (int st : stepInputRows.keySet())
      if (advancing.getOrDefault(st, List.of()).size() != 1)
        res.retryReason = "step " + st + " data batches " + advancing.getOrDefault(st, List.of());

    // Emit: steps, each followed by its batches.
    for (int i = 0; i < s.steps.size(); i++) {
      stepLines(res.lines, i, s.steps.get(i));
    }
    boolean restartWritten = false;
    for (BKey key : ids) {
      long id = key.id();
      if (key.query() == 2 && !restartWritten) { res.lines.add("restart"); restartWritten = true; }
      if (gapBatches.contains(key))
        res.lines.add("# batch " + id + " was run by the restarted query right after its start, before the files"
            + " of step " + (s.restartAfter + 1) + " were written; labelled with step " + s.restartAfter);
      StreamingQueryProgress p = prog.get(key);
      Integer st = batchStep.get(key);
      StringBuilder b = new StringBuilder("batch ").append(id).append(" step ")
          .append(st == null ? "?" : st.toString());
      String wm = p == null ? null : p.eventTime().get("watermark");
      b.append(" watermark ").append(wm == null ? "none" : fmtInstant(Instant.parse(wm)));
      b.append(" rows ").append(p == null ? "?" : Long.toString(p.numInputRows()));
      StateOperatorProgress so = p == null || p.stateOperators().length == 0 ? null : p.stateOperators()[0];
      if (so == null) {
        b.append(" dropped ? total ? updated ? removed ? custom -");
      } else {
        b.append(" dropped ").append(so.numRowsDroppedByWatermark())
            .append(" total ").append(so.numRowsTotal())
            .append(" updated ").append(so.numRowsUpdated())
            .append(" removed ").append(so.numRowsRemoved());
        Map<String, Long> cm = new TreeMap<>(so.customMetrics());
        StringBuilder c = new StringBuilder();
        for (Map.Entry<String, Long> e : cm.entrySet()) {
          if (c.length() > 0) c.append(',');
          c.append(e.getKey()).append('=').append(e.getValue());
        }
        b.append(" custom ").append(c.length() == 0 ? "-" : c.toString());
      }
      res.lines.add(b.toString());
      // A chain's other stateful operators (Spark lists them from the sink down: index = operator id).
      for (int oi = 1; p != null && oi < p.stateOperators().length; oi++) {
        StateOperatorProgress o = p.stateOperators()[oi];
        res.lines.add("operator " + oi + " " + o.operatorName() + " dropped " + o.numRowsDroppedByWatermark()
            + " total " + o.numRowsTotal() + " updated " + o.numRowsUpdated() + " removed " + o.numRowsRemoved());
      }
      if (p != null && p.stateOperators().length > 1)
        res.lines.add("operator 0 " + p.stateOperators()[0].operatorName());
      for (String r : batchRows.getOrDefault(key, List.of())) res.lines.add("out " + r);
    }
    if (s.restartAfter > 0 && !restartWritten) res.lines.add("restart");
    toDelete.add(dir);
    return res;
  }

  /** Builds the two streams and the join exactly as for every scenario and starts the foreachBatch query. */
  static StreamingQuery startQuery(SparkSession spark, Scenario s, Path leftDir, Path rightDir, Path ckpt,
      VoidFunction2<Dataset<Row>, Long> sink) throws Exception {
    Dataset<Row> left = spark.readStream().schema("lk INT, lts TIMESTAMP, lv STRING").json(leftDir.toString());
    Dataset<Row> right = spark.readStream().schema("rk INT, rts TIMESTAMP, rv STRING").json(rightDir.toString());
    if (!s.leftDelay.equals("none")) left = left.withWatermark("lts", s.leftDelay);
    if (!s.rightDelay.equals("none")) right = right.withWatermark("rts", s.rightDelay);
    if (s.leftSelect != null) left = left.selectExpr(s.leftSelect.split("\\s*;\\s*"));
    if (s.rightSelect != null) right = right.selectExpr(s.rightSelect.split("\\s*;\\s*"));
    Dataset<Row> joined = left.join(right, functions.expr(s.condition), s.type);
    for (String op : s.after) joined = after(joined, op);
    return joined.writeStream()
        .queryName("join_oracle_" + s.name)
        .outputMode(s.mode)
        .trigger(Trigger.ProcessingTime(0))
        .option("checkpointLocation", ckpt.toString())
        .foreachBatch(sink)
        .start();
  }

  /**
   * One "after" step on the joined rows: "select c1,c2,..", "dropDuplicates c1,..",
   * "dropDuplicatesWithinWatermark c1,..", or "window COLUMN DURATION" (groupBy(window(COLUMN,
   * DURATION)).count(), output as window start, window end, count).
   */
  static Dataset<Row> after(Dataset<Row> in, String op) {
    String[] t = op.split("\\s+", 2);
    String[] cols = t.length > 1 ? t[1].split("\\s*,\\s*") : new String[0];
    switch (t[0]) {
      case "select":
        return in.selectExpr(cols);
      case "dropDuplicates":
        return in.dropDuplicates(cols);
      case "dropDuplicatesWithinWatermark":
        return in.dropDuplicatesWithinWatermark(cols);
      case "window": {
        String[] w = t[1].split("\\s+", 2);
        return in.groupBy(functions.window(functions.col(w[0]), w[1])).count()
            .select(functions.col("window.start"), functions.col("window.end"), functions.col("count"));
      }
      default:
        throw new IllegalArgumentException("unknown after step " + op);
    }
  }

  /** Waits (up to 30 s) until query number queryNo has reported progress for each of its sink batches. */
  static void awaitProgress(StreamingQuery q, int queryNo) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    while (System.currentTimeMillis() < deadline) {
      java.util.Set<Long> seen = new java.util.HashSet<>();
      for (StreamingQueryProgress p : q.recentProgress()) seen.add(p.batchId());
      boolean all = true;
      for (BKey k : batchRows.keySet()) if (k.query() == queryNo && !seen.contains(k.id())) all = false;
      if (all) break;
      Thread.sleep(50);
    }
  }

  static void stepLines(List<String> lines, int i, List<RowSpec> step) {
    lines.add("step " + (i + 1));
    for (RowSpec r : step) lines.add(r.raw);
  }

  static void deleteTree(Path p) throws Exception {
    try (Stream<Path> w = Files.walk(p)) {
      w.sorted(Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
    }
  }

  public static void main(String[] args) throws Exception {
    Path scenariosFile = Paths.get(args.length > 0 ? args[0] : "/work/wt/join-scenarios.txt");
    Path outFile = Paths.get(args.length > 1 ? args[1] : "/tmp/join-oracle/spark-join-facts.txt");
    java.util.Set<String> only = new java.util.HashSet<>();
    for (int i = 2; i < args.length; i++) only.add(args[i]);
    List<Scenario> scenarios = parse(scenariosFile);
    // -Doracle.restartAfterStep=N (N > 0): add, after each non-refused scenario with more than N steps,
    // the variant <name>_restarted_after_step_N (stop + new query on the same checkpoint after step N).
    int restartAfter = Integer.getInteger("oracle.restartAfterStep", 0);
    if (restartAfter > 0) {
      List<Scenario> withVariants = new ArrayList<>();
      for (Scenario s : scenarios) {
        withVariants.add(s);
        if (!s.name.startsWith("refused") && s.steps.size() > restartAfter)
          withVariants.add(s.restartedVariant(restartAfter));
      }
      scenarios = withVariants;
    }

    long t0 = System.nanoTime();
    SparkSession spark = SparkSession.builder()
        .appName("join-oracle")
        .master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.streaming.numRecentProgressUpdates", "100000")
        // no idle (no-execution) progress events while a step is being written
        .config("spark.sql.streaming.noDataProgressEventInterval", "3600000")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    // optional extra SQL confs for experiments: -Doracle.conf=k1=v1,k2=v2 (noted in the header)
    String extra = System.getProperty("oracle.conf", "");
    for (String kv : extra.split(",")) {
      if (kv.isBlank()) continue;
      int eq = kv.indexOf('=');
      spark.conf().set(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
    }

    List<String> all = new ArrayList<>();
    all.add("# Spark " + spark.version() + " stream-stream join facts, produced by JoinOracle on "
        + LocalDate.now(ZoneOffset.UTC) + ". local[1], shuffle partitions 2.");
    if (!extra.isBlank()) all.add("# extra confs: " + extra);
    all.add("# Watermarks before 2026-01-01T00:00:00Z are written as full ISO-8601 instants"
        + " (e.g. 2025-12-31T23:59:52Z), as MM:SS cannot express them.");
    if (restartAfter > 0)
      all.add("# This file includes restarted variants <name>_restarted_after_step_" + restartAfter
          + " of every non-refused scenario with more than " + restartAfter + " steps, each right after"
          + " its original: run like the original, but after step " + restartAfter
          + "'s processAllAvailable() the query is stopped (query.stop()) and a new query, built the same"
          + " way (new readStream/withWatermark/join/foreachBatch), is started on the same checkpoint and"
          + " input folders for the remaining steps; the line 'restart' separates the batches of the two"
          + " queries, batch ids are Spark's, progress is taken from each query's recentProgress().");
    for (Scenario s : scenarios) {
      if (!only.isEmpty() && !only.contains(s.name)
          && !(s.restartAfter > 0 && only.contains(s.name.replaceFirst("_restarted_after_step_\\d+$", ""))))
        continue;
      Result r = null;
      for (int attempt = 1; attempt <= 4; attempt++) {
        long a = System.nanoTime();
        r = run(spark, s);
        System.err.printf("[oracle] %s attempt %d: %d ms%s%n", s.name, attempt,
            (System.nanoTime() - a) / 1_000_000, r.retryReason == null ? "" : " INVALID: " + r.retryReason);
        if (r.retryReason == null) break;
      }
      all.add("scenario " + s.name);
      all.add("type " + s.type);
      all.add("left_delay " + s.leftDelay);
      all.add("right_delay " + s.rightDelay);
      all.add("condition " + s.condition);
      if (!s.mode.equals("append")) all.add("mode " + s.mode);
      if (s.leftSelect != null) all.add("left_select " + s.leftSelect);
      if (s.rightSelect != null) all.add("right_select " + s.rightSelect);
      for (String a : s.after) all.add("after " + a);
      if (r.retryReason != null) all.add("# WARNING: still invalid after retries: " + r.retryReason);
      boolean refused = r.lines.stream().anyMatch(x -> x.startsWith("refused "));
      if (s.name.startsWith("refused") && !refused)
        all.add("# NOTE: the scenario list expects a refusal, but Spark " + spark.version()
            + " started and ran this query.");
      if (!s.name.startsWith("refused") && refused)
        all.add("# NOTE: Spark refused a query the scenario list expects to run.");
      all.addAll(r.lines);
      all.add("end");
    }
    spark.stop();
    for (Path d : toDelete) deleteTree(d);
    Files.write(outFile, all, StandardCharsets.UTF_8);
    System.err.printf("[oracle] wrote %s in %d ms (incl. SparkSession start)%n", outFile,
        (System.nanoTime() - t0) / 1_000_000);
  }
}
