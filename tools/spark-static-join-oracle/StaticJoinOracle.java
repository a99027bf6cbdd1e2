import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.StreamingQuery;

/**
 * Spark 4.0.1 oracle for stream-static join facts: runs each query of {@link #QUERIES} over one
 * static JSON table and a JSON-file stream fed in two steps, and writes each batch's rows (sorted)
 * or Spark's refusal to the facts file StaticJoinSparkFactsTest replays on Millrace.
 *
 * Usage: java ... StaticJoinOracle OUT_FILE
 */
public final class StaticJoinOracle {
  static final String STATIC_ROWS = String.join("\n",
      "{\"k\":1,\"name\":\"one\",\"w\":10}",
      "{\"k\":2,\"name\":\"two\",\"w\":20}",
      "{\"k\":2,\"name\":\"deux\",\"w\":21}",
      "{\"k\":null,\"name\":\"nul\",\"w\":0}",
      "{\"k\":4,\"name\":\"four\",\"w\":40}",
      "{\"k\":6,\"name\":\"six\",\"w\":null}") + "\n";
  static final String[] STEPS = {
      String.join("\n",
          "{\"sk\":1,\"sts\":\"2026-01-01T00:00:01.000Z\",\"sv\":\"a\"}",
          "{\"sk\":2,\"sts\":\"2026-01-01T00:00:02.000Z\",\"sv\":\"b\"}",
          "{\"sk\":3,\"sts\":\"2026-01-01T00:00:03.000Z\",\"sv\":\"c\"}",
          "{\"sk\":null,\"sts\":\"2026-01-01T00:00:04.000Z\",\"sv\":\"n\"}") + "\n",
      String.join("\n",
          "{\"sk\":4,\"sts\":\"2026-01-01T00:00:15.000Z\",\"sv\":\"d\"}",
          "{\"sk\":5,\"sts\":\"2026-01-01T00:00:16.000Z\",\"sv\":\"e\"}",
          "{\"sk\":2,\"sts\":\"2026-01-01T00:00:25.000Z\",\"sv\":\"f\"}",
          "{\"sk\":6,\"sts\":\"2026-01-01T00:00:26.000Z\",\"sv\":\"g\"}") + "\n"};

  /** name, then (stream, static) -> the query. The same names and queries are in the Millrace test. */
  static final Map<String, BiFunction<Dataset<Row>, Dataset<Row>, Dataset<Row>>> QUERIES = new TreeMap<>();
  static {
    for (String type : List.of("inner", "leftOuter", "leftSemi", "leftAnti", "rightOuter", "fullOuter")) {
      QUERIES.put("stream_" + type, (s, t) -> s.join(t, functions.expr("sk = k"), type));
      QUERIES.put("static_" + type, (s, t) -> t.join(s, functions.expr("k = sk"), type));
    }
    QUERIES.put("stream_leftOuter_residual", (s, t) -> s.join(t, functions.expr("sk = k AND w > 15"), "leftOuter"));
    QUERIES.put("stream_inner_residual", (s, t) -> s.join(t, functions.expr("sk = k AND w > 15"), "inner"));
    QUERIES.put("stream_inner_nonequi", (s, t) -> s.join(t, functions.expr("sk < k"), "inner"));
    QUERIES.put("stream_leftOuter_nonequi", (s, t) -> s.join(t, functions.expr("sk + 1 = k OR w = 0"), "leftOuter"));
    QUERIES.put("stream_using_leftOuter", (s, t) -> s.withColumnRenamed("sk", "k").join(t,
        scala.jdk.javaapi.CollectionConverters.asScala(List.of("k")).toSeq(), "leftOuter"));
    QUERIES.put("static_using_rightOuter", (s, t) -> t.join(s.withColumnRenamed("sk", "k"),
        scala.jdk.javaapi.CollectionConverters.asScala(List.of("k")).toSeq(), "rightOuter"));
    QUERIES.put("stream_inner_then_window_count", (s, t) -> s.withWatermark("sts", "5 seconds")
        .join(t, functions.expr("sk = k"), "inner")
        .groupBy(functions.window(functions.col("sts"), "10 seconds"), functions.col("name")).count()
        .select(functions.col("window.start"), functions.col("window.end"), functions.col("name"),
            functions.col("count")));
    for (String mode : List.of("update", "complete")) {
      QUERIES.put("stream_inner_then_window_count_" + mode, QUERIES.get("stream_inner_then_window_count"));
    }
    QUERIES.put("stream_filtered_static", (s, t) -> s.join(t.filter("w >= 20").select(
        functions.col("k"), functions.upper(functions.col("name")).as("big")), functions.expr("sk = k"), "leftOuter"));
  }

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args[0]);
    SparkSession spark = SparkSession.builder().master("local[1]").appName("static-join-oracle")
        .config("spark.sql.shuffle.partitions", "2").config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.enabled", "false").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    List<String> lines = new ArrayList<>();
    lines.add("# Spark " + spark.version() + " stream-static join facts, written by tools/spark-static-join-oracle.");
    lines.add("# static (json): k INT, name STRING, w INT; stream (json files): sk INT, sts TIMESTAMP, sv STRING.");
    lines.add("# Rows of each batch sorted, values joined by |, null as -, timestamps as ISO instants.");
    for (Map.Entry<String, BiFunction<Dataset<Row>, Dataset<Row>, Dataset<Row>>> q : QUERIES.entrySet()) {
      lines.add("query " + q.getKey());
      String name = q.getKey();
      lines.addAll(run(spark, q.getValue(), name.endsWith("_update") ? "update"
          : name.endsWith("_complete") ? "complete" : "append"));
    }
    Files.write(out, lines, StandardCharsets.UTF_8);
    spark.stop();
  }

  static List<String> run(SparkSession spark, BiFunction<Dataset<Row>, Dataset<Row>, Dataset<Row>> query,
      String outputMode) throws Exception {
    Path dir = Files.createTempDirectory("static-join-oracle");
    Path table = Files.createDirectories(dir.resolve("table"));
    Files.writeString(table.resolve("part-0.json"), STATIC_ROWS);
    Path input = Files.createDirectories(dir.resolve("input"));
    Dataset<Row> staticDs = spark.read().schema("k INT, name STRING, w INT").json(table.toString());
    Dataset<Row> stream = spark.readStream().schema("sk INT, sts TIMESTAMP, sv STRING").json(input.toString());
    List<String> lines = new ArrayList<>();
    Map<Long, List<String>> batches = new TreeMap<>();
    StreamingQuery q;
    try {
      Dataset<Row> joined = query.apply(stream, staticDs);
      lines.add("columns " + String.join("|", joined.columns()));
      q = joined.writeStream().outputMode(outputMode)
          .option("checkpointLocation", dir.resolve("checkpoint").toString())
          .foreachBatch((Dataset<Row> ds, Long id) -> {
            List<String> rows = new ArrayList<>();
            for (Row r : ds.collectAsList()) {
              StringBuilder b = new StringBuilder();
              for (int i = 0; i < r.length(); i++) {
                b.append(i > 0 ? "|" : "").append(value(r.get(i)));
              }
              rows.add(b.toString());
            }
            rows.sort(Comparator.naturalOrder());
            batches.put(id, rows);
          }).start();
    } catch (Exception e) {
      lines.add("refused " + oneLine(e instanceof org.apache.spark.sql.AnalysisException a ? a.getSimpleMessage()
          : e.getMessage()));
      return lines;
    }
    try {
      for (int i = 0; i < STEPS.length; i++) {
        Path staged = dir.resolve("step-" + i + ".json");
        Files.writeString(staged, STEPS[i]);
        Files.move(staged, input.resolve("step-" + i + ".json"), StandardCopyOption.ATOMIC_MOVE);
        q.processAllAvailable();
      }
    } finally {
      q.stop();
    }
    for (Map.Entry<Long, List<String>> b : batches.entrySet()) {
      lines.add("batch " + b.getKey());
      for (String r : b.getValue()) {
        lines.add("row " + r);
      }
    }
    return lines;
  }

  static String value(Object o) {
    if (o == null) return "-";
    if (o instanceof java.sql.Timestamp t) return t.toInstant().toString();
    if (o instanceof java.time.Instant t) return t.toString();
    return o.toString();
  }

  static String oneLine(String s) {
    return s == null ? "null" : s.replace("\r", "").replace("\n", " ").replaceAll("\\s+", " ").trim();
  }
}
