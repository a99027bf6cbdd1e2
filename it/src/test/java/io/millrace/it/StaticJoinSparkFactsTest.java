package io.millrace.it;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.startStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.Trigger;
import io.millrace.api.functions;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stream-static joins against Spark 4.0.1's own answers: {@code spark-static-join-facts.txt}
 * holds, for each query over the same static JSON table and the same two steps of stream rows,
 * the rows Spark emitted in each batch, or its refusal (made by
 * {@code tools/spark-static-join-oracle}). Here the table is read with {@code session.read()}
 * and the stream is a memory stream fed step by step; after each step the rows emitted so far
 * must be Spark's.
 */
class StaticJoinSparkFactsTest {
  private static final String TABLE = String.join("\n",
      "{\"k\":1,\"name\":\"one\",\"w\":10}",
      "{\"k\":2,\"name\":\"two\",\"w\":20}",
      "{\"k\":2,\"name\":\"deux\",\"w\":21}",
      "{\"k\":null,\"name\":\"nul\",\"w\":0}",
      "{\"k\":4,\"name\":\"four\",\"w\":40}",
      "{\"k\":6,\"name\":\"six\",\"w\":null}") + "\n";
  private static final Schema STREAM = Schema.parse("sk INT, sts TIMESTAMP, sv STRING");
  private static final List<List<Row>> STEPS = List.of(
      List.of(row(1, 1, "a"), row(2, 2, "b"), row(3, 3, "c"), row(null, 4, "n")),
      List.of(row(4, 15, "d"), row(5, 16, "e"), row(2, 25, "f"), row(6, 26, "g")));

  /** The oracle's queries, by name: (stream, static) to the query. */
  private static final Map<String, BiFunction<Dataset, Dataset, Dataset>> QUERIES = new LinkedHashMap<>();

  static {
    for (String type : List.of("inner", "leftOuter", "leftSemi", "leftAnti", "rightOuter", "fullOuter")) {
      QUERIES.put("stream_" + type, (s, t) -> s.join(t, functions.expr("sk = k"), type));
      QUERIES.put("static_" + type, (s, t) -> t.join(s, functions.expr("k = sk"), type));
    }
    QUERIES.put("stream_leftOuter_residual", (s, t) -> s.join(t, functions.expr("sk = k AND w > 15"), "leftOuter"));
    QUERIES.put("stream_inner_residual", (s, t) -> s.join(t, functions.expr("sk = k AND w > 15"), "inner"));
    QUERIES.put("stream_inner_nonequi", (s, t) -> s.join(t, functions.expr("sk < k"), "inner"));
    QUERIES.put("stream_leftOuter_nonequi", (s, t) -> s.join(t, functions.expr("sk + 1 = k OR w = 0"), "leftOuter"));
    QUERIES.put("stream_using_leftOuter", (s, t) -> s.withColumnRenamed("sk", "k").join(t, List.of("k"), "leftOuter"));
    QUERIES.put("static_using_rightOuter", (s, t) -> t.join(s.withColumnRenamed("sk", "k"), List.of("k"),
        "rightOuter"));
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

  @TempDir
  Path dir;

  @TestFactory
  List<DynamicTest> everyQueryGivesSparksRowsStepByStep() throws IOException {
    Map<String, Facts> facts = Facts.read();
    assertThat(facts.keySet()).as("the oracle's queries and this test's").containsExactlyInAnyOrderElementsOf(
        QUERIES.keySet());
    List<DynamicTest> tests = new ArrayList<>();
    QUERIES.forEach((name, query) -> tests.add(DynamicTest.dynamicTest(name, () -> run(name, query,
        facts.get(name)))));
    return tests;
  }

  private void run(String name, BiFunction<Dataset, Dataset, Dataset> query, Facts spark) throws IOException {
    Path table = Files.createDirectories(dir.resolve(name).resolve("table"));
    Files.writeString(table.resolve("part-0.json"), TABLE);
    ManualClock clock = new ManualClock();
    try (MillraceSession session = MillraceSession.builder().clock(clock)
        .config("millrace.shuffle.partitions", "2").build();
        MemoryStream stream = MemoryStream.create("stream", STREAM)) {
      Dataset statik = session.read().schema("k INT, name STRING, w INT").json(table.toString());
      if (spark.refused != null) {
        assertThatThrownBy(() -> {
          Dataset joined = query.apply(stream.toDataset(session), statik);
          StreamTest.testStream(joined).run(startStream(), addData(stream, STEPS.get(0)));
        }).as("Spark refuses %s: %s", name, spark.refused).hasStackTraceContaining(spark.refused.substring(0,
            spark.refused.indexOf(' ')));
        return;
      }
      Dataset joined = query.apply(stream.toDataset(session), statik);
      assertThat(String.join("|", joined.schema().names())).as("%s: the columns", name).isEqualTo(spark.columns);
      List<String> perStep = new ArrayList<>();
      List<StreamAction> actions = new ArrayList<>();
      actions.add(startStream(Trigger.processingTime("1 second"), clock));
      for (List<Row> step : STEPS) {
        actions.add(addData(stream, step));
        actions.add(advanceManualClock(1000));
        actions.add(advanceManualClock(1000));
        actions.add(checkAnswer(rows -> perStep.add(text(rows, joined.schema()))));
      }
      OutputMode mode = outputMode(name);
      StreamTest.testStream(joined, mode).run(actions.toArray(StreamAction[]::new));
      for (int i = 0; i < STEPS.size(); i++) {
        // the sink's rows: every batch's so far, or in complete mode the latest batch, the whole result
        assertThat(perStep.get(i)).as("%s: the rows emitted up to step %d (%s)", name, i + 1, mode)
            .isEqualTo(mode == OutputMode.COMPLETE ? spark.lastBatchUpTo(i + 1) : spark.rowsUpTo(i + 1));
      }
    }
  }

  /** The oracle's output mode for a query: by its name's suffix, append otherwise. */
  private static OutputMode outputMode(String name) {
    return name.endsWith("_update") ? OutputMode.UPDATE : name.endsWith("_complete") ? OutputMode.COMPLETE
        : OutputMode.APPEND;
  }

  private static Row row(Integer k, int second, String v) {
    return Row.of(k, Instant.parse("2026-01-01T00:00:00Z").plusSeconds(second).toEpochMilli() * 1000, v);
  }

  private static String text(List<Row> rows, Schema schema) {
    return rows.stream().map(r -> text(r, schema)).sorted().collect(Collectors.joining("\n"));
  }

  private static String text(Row row, Schema schema) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < row.size(); i++) {
      Object v = row.get(i);
      values.add(v == null ? "-" : schema.field(i).type() == DataType.TIMESTAMP
          ? Instant.ofEpochMilli((Long) v / 1000).toString() : v.toString());
    }
    return String.join("|", values);
  }

  /** What Spark did with one query: its columns, and its rows by the step that ran their batch; or its refusal. */
  private static final class Facts {
    String columns;
    String refused;
    final Map<Long, List<String>> rowsByBatch = new LinkedHashMap<>();

    /** Spark's batch b ran in step b + 1; a batch after the last step's data batch is the last step's. */
    String rowsUpTo(int step) {
      List<String> rows = new ArrayList<>();
      rowsByBatch.forEach((b, r) -> {
        if (Math.min(b + 1, STEPS.size()) <= step) {
          rows.addAll(r);
        }
      });
      return rows.stream().sorted().collect(Collectors.joining("\n"));
    }

    /** The rows of Spark's last batch that ran by {@code step}: complete mode's whole result then. */
    String lastBatchUpTo(int step) {
      List<String> rows = List.of();
      for (Map.Entry<Long, List<String>> b : rowsByBatch.entrySet()) {
        if (Math.min(b.getKey() + 1, STEPS.size()) <= step) {
          rows = b.getValue();
        }
      }
      return rows.stream().sorted().collect(Collectors.joining("\n"));
    }

    static Map<String, Facts> read() throws IOException {
      Map<String, Facts> all = new LinkedHashMap<>();
      try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
          StaticJoinSparkFactsTest.class.getResourceAsStream("spark-static-join-facts.txt")),
          StandardCharsets.UTF_8))) {
        Facts f = null;
        long batch = -1;
        for (String line; (line = in.readLine()) != null; ) {
          if (line.isBlank() || line.startsWith("#")) {
            continue;
          }
          String[] w = line.split(" ", 2);
          String rest = w.length > 1 ? w[1] : "";
          switch (w[0]) {
            case "query" -> {
              f = new Facts();
              all.put(rest, f);
            }
            case "columns" -> f.columns = rest;
            case "refused" -> f.refused = rest;
            case "batch" -> {
              batch = Long.parseLong(rest);
              f.rowsByBatch.put(batch, new ArrayList<>());
            }
            case "row" -> f.rowsByBatch.get(batch).add(rest);
            default -> throw new IllegalStateException("unknown line in the facts: " + line);
          }
        }
      }
      return all;
    }
  }
}
