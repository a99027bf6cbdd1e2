package io.millrace.bench;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.from_json;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.struct;
import static io.millrace.api.functions.sum;
import static io.millrace.api.functions.to_json;
import static io.millrace.api.functions.window;

import io.millrace.api.Dataset;
import io.millrace.api.DataStreamReader;
import io.millrace.api.DataStreamWriter;
import io.millrace.api.MillraceSession;
import io.millrace.api.Trigger;
import java.nio.file.Path;
import java.util.Map;

/**
 * The query shapes of the end-to-end benchmark, written as ../shared/spark-baseline's Bench.java
 * writes them for Spark 4.0.1, so both engines run the same query over the same files.
 */
final class E2eQuery {
  static final String SCHEMA = "ts TIMESTAMP, id BIGINT, key STRING, amount DOUBLE";
  static final String WATERMARK = "10 minutes";

  private E2eQuery() {}

  /**
   * The shape's query from {@code input} to the sink, not yet started. {@code stateless-parquet}
   * is the stateless query into the {@code parquet} file sink (its {@code sink} is always parquet).
   */
  static DataStreamWriter build(MillraceSession session, String shape, Path input, int maxFiles, String sink,
      Path table, Path checkpoint) {
    return build(fileSource(session, input, maxFiles), shape, sink, table, checkpoint);
  }

  /** The JSON-lines files of {@code input}, {@code maxFiles} a batch. */
  static Dataset fileSource(MillraceSession session, Path input, int maxFiles) {
    return session.readStream().format("file").schema(SCHEMA).option("format", "json")
        .option("path", input.toString()).option("maxFilesPerTrigger", maxFiles).load();
  }

  /**
   * The topic spark-baseline's {@code ./run.sh kafka-load} serves (a record's value is one JSON line
   * of the same dataset), parsed as its Bench.kafkaSource parses it for Spark:
   * {@code from_json(CAST(value AS STRING), SCHEMA) AS e}, then {@code e.*}.
   */
  static Dataset kafkaSource(MillraceSession session, String bootstrap, String topic, long maxOffsets) {
    return kafkaRows(session, bootstrap, topic, maxOffsets)
        .select(from_json(col("value").cast("string"), SCHEMA).as("e")).select(col("e.*"));
  }

  /** The topic's records as the source gives them (Spark's Kafka row schema), unparsed. */
  static Dataset kafkaRows(MillraceSession session, String bootstrap, String topic, long maxOffsets) {
    DataStreamReader reader = session.readStream().format("kafka").option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", topic).option("startingOffsets", "earliest")
        .option("maxOffsetsPerTrigger", maxOffsets);
    // -Dbench.source.<option>=value (e.g. bench.source.kafka.fetch.max.wait.ms) tries a source option without a rebuild.
    for (String k : System.getProperties().stringPropertyNames()) {
      if (k.startsWith("bench.source.")) {
        reader = reader.option(k.substring("bench.source.".length()), System.getProperty(k));
      }
    }
    return reader.load();
  }

  /** The shape's query from {@code src} to the sink, not yet started. */
  static DataStreamWriter build(Dataset src, String shape, String sink, Path table, Path checkpoint) {
    return build(src, shape, sink, table, checkpoint, Map.of());
  }

  /**
   * As above, with options for the sink; towards {@code kafka} each row is written as its JSON,
   * {@code to_json(struct(*)) AS value}, as a Kafka-to-Kafka job writes it.
   */
  static DataStreamWriter build(Dataset src, String shape, String sink, Path table, Path checkpoint,
      Map<String, String> sinkOptions) {
    Dataset out;
    String mode;
    switch (shape) {
      case "window":
        // The Delta sink takes append and complete only: towards Delta the window shape emits
        // each finished window once (append) instead of every changed one (update).
        out = src.withWatermark("ts", WATERMARK)
            .groupBy(window(col("ts"), "1 minute"), col("key"))
            .agg(count(lit(1)).as("cnt"), sum("amount").as("total"));
        mode = sink.equals("delta") ? "append" : "update";
        break;
      case "stateless":
      case "stateless-parquet":
        out = src.filter(col("amount").gt(250.0))
            .select(col("ts"), col("key"), col("amount").multiply(1.1).as("amount_adj"));
        mode = "append";
        break;
      case "copy":
        // Kafka rows routed unparsed: the same filter and projection as KafkaClientCeiling's loop,
        // so the engine's figure compares with what kafka-clients alone do on the machine.
        out = src.filter(col("offset").mod(4).notEqual(0)).select(col("key"), col("value"));
        mode = "append";
        break;
      case "dedup":
        out = src.withWatermark("ts", WATERMARK).dropDuplicates("id", "ts");
        mode = "append";
        break;
      default:
        throw new IllegalArgumentException("unknown shape '" + shape + "'; known: window, stateless,"
            + " stateless-parquet, dedup, copy (Kafka source only)");
    }
    if (sink.equals("kafka") && !shape.equals("copy")) {
      out = out.select(to_json(struct(col("*"))).as("value"));
    }
    DataStreamWriter w = out.writeStream().outputMode(mode).format(sink).trigger(Trigger.availableNow())
        .option("checkpointLocation", checkpoint.toString());
    if (sink.equals("delta") || sink.equals("parquet")) {
      w = w.option("path", table.toString());
    }
    for (Map.Entry<String, String> o : sinkOptions.entrySet()) {
      w = w.option(o.getKey(), o.getValue());
    }
    // -Dbench.sink.<option>=value (e.g. bench.sink.kafka.linger.ms) tries a sink option without a rebuild.
    for (String k : System.getProperties().stringPropertyNames()) {
      if (k.startsWith("bench.sink.")) {
        w = w.option(k.substring("bench.sink.".length()), System.getProperty(k));
      }
    }
    return w;
  }

  /** The query's textual form for the report. */
  static String describe(String shape, String sink) {
    switch (shape) {
      case "window":
        return "withWatermark(ts,10 min).groupBy(window(ts,1 min),key).agg(count(1),sum(amount)) "
            + (sink.equals("delta") ? "append" : "update") + " -> " + sink;
      case "stateless":
      case "stateless-parquet":
        return "filter(amount > 250.0).select(ts, key, amount*1.1) append -> " + sink;
      case "copy":
        return "filter(offset % 4 != 0).select(key, value) append -> " + sink;
      default:
        return "withWatermark(ts,10 min).dropDuplicates(id, ts) append -> " + sink;
    }
  }
}
