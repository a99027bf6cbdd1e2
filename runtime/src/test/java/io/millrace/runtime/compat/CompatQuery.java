package io.millrace.runtime.compat;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.sum;
import static io.millrace.api.functions.window;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * The four queries whose checkpoints the previous release wrote into
 * {@code src/test/resources/compat/v1/<dir>} ({@link CompatCheckpointWriter}) and that
 * {@link PreviousReleaseCheckpointTest} restarts: their settings, the query, and the rows of the
 * memory stream it reads, step by step. Each step adds its rows and runs the query once with
 * the available-now trigger in a new session, which gives a data batch and, when the watermark
 * moved, a no-data batch: steps 0 and 1 are batches 0-3, committed; step 2 is batch 4, written
 * to {@code offsets/4} and the state store but not to {@code commits/4} (the writer halted its
 * JVM there); steps 3 and 4 are new to the restarted query.
 *
 * <p>The resources are facts about these exact queries and rows: the checkpoints hold the
 * query's state schema, offsets that count these rows and state built from them. Change
 * nothing here; write a new query next to these instead.
 */
enum CompatQuery {
  AGGREGATION_HDFS("aggregation-hdfs", "hdfs", Shape.AGGREGATION),
  AGGREGATION_ROCKSDB("aggregation-rocksdb", "rocksdb", Shape.AGGREGATION),
  DEDUPLICATION_HDFS("dedup-hdfs", "hdfs", Shape.DEDUPLICATION),
  DEDUPLICATION_ROCKSDB("dedup-rocksdb", "rocksdb", Shape.DEDUPLICATION);

  /** Where the resources live, under the test class path. */
  static final String RESOURCES = "compat/v1";
  /** The step whose data batch the writer crashed before committing. */
  static final int CRASHED_STEP = 2;
  /** That batch. */
  static final long CRASHED_BATCH = 4;

  /** What the query computes; the hdfs and rocksdb queries of one shape are the same query. */
  enum Shape {
    /**
     * withWatermark("ts", "10 minutes"), groupBy(window(ts, "5 minutes"), key) with count and
     * sum, in update mode.
     */
    AGGREGATION("ts TIMESTAMP, key STRING, amount DOUBLE", "update", List.of(
        List.of(agg("12:01", "a", 1.5), agg("12:02", "b", 2.0), agg("12:03", "a", 0.25), agg("12:07", "a", 4.0)),
        List.of(agg("12:12", "b", 1.0), agg("12:04", "a", 3.0), agg("12:16", "a", 0.5)),
        // The crashed batch: a late row, a row for a window the state holds, new windows.
        List.of(agg("12:18", "b", 2.5), agg("12:03", "b", 9.0), agg("12:09", "a", 1.0), agg("12:21", "a", 0.75)),
        // 12:10:30 is behind the watermark (12:11) but its window (to 12:15) is not.
        List.of(agg("12:14", "b", 0.5), agg("12:08", "a", 7.0), agg("12:10:30", "b", 0.125), agg("12:31", "a", 2.0)),
        List.of(agg("12:19", "a", 1.0), agg("12:24", "b", 3.0), agg("12:22", "b", 0.5), agg("12:45", "b", 1.0)))),
    /** withWatermark("ts", "10 minutes").dropDuplicates("id", "ts"), in append mode; n tells the copies apart. */
    DEDUPLICATION("id STRING, ts TIMESTAMP, n BIGINT", "append", List.of(
        List.of(dedup("a", "12:00", 1), dedup("b", "12:01", 2), dedup("a", "12:00", 3), dedup("c", "12:05", 4)),
        List.of(dedup("d", "12:20", 5), dedup("b", "12:01", 6), dedup("e", "12:12", 7)),
        // The crashed batch: copies of kept keys, a late row, new keys.
        List.of(dedup("e", "12:12", 8), dedup("f", "12:15", 9), dedup("a", "12:00", 10), dedup("d", "12:20", 11),
            dedup("g", "12:26", 12)),
        List.of(dedup("g", "12:26", 13), dedup("d", "12:20", 14), dedup("h", "12:40", 15), dedup("e", "12:17", 16),
            dedup("f", "12:15", 17)),
        List.of(dedup("h", "12:40", 18), dedup("i", "12:41", 19), dedup("d", "12:31", 20), dedup("g", "12:26", 21))));

    final Schema schema;
    final String outputMode;
    /** The rows each step adds. */
    final List<List<Row>> steps;

    Shape(String schema, String outputMode, List<List<Row>> steps) {
      this.schema = Schema.parse(schema);
      this.outputMode = outputMode;
      this.steps = steps;
    }

    Dataset query(Dataset in) {
      Dataset watermarked = in.withWatermark("ts", "10 minutes");
      return this == AGGREGATION
          ? watermarked.groupBy(window(col("ts"), "5 minutes"), col("key")).agg(count("*").as("n"), sum("amount").as("total"))
          : watermarked.dropDuplicates("id", "ts");
    }
  }

  /** The resource folder under {@link #RESOURCES}. */
  final String dir;
  final String provider;
  final Shape shape;

  CompatQuery(String dir, String provider, Shape shape) {
    this.dir = dir;
    this.provider = provider;
    this.shape = shape;
  }

  /** The memory stream the query reads; its name is recorded in the checkpoint's offsets. */
  String input() {
    return "compat-v1-" + dir;
  }

  /**
   * The session's settings, the same at every start. A snapshot every second state version puts
   * both of each store's file kinds into the checkpoint; the store's local directory (rocksdb)
   * is a cache that no checkpoint file names.
   */
  MillraceSession.Builder session(Path localDir) {
    MillraceSession.Builder builder = MillraceSession.builder()
        .config("millrace.state.provider", provider)
        .config("millrace.shuffle.partitions", "2")
        .config("millrace.state." + provider + ".commitSnapshotInterval", "2");
    return provider.equals("rocksdb") ? builder.config("millrace.state.rocksdb.localDir", localDir.toString()) : builder;
  }

  /** Starts the query over {@link #input()} into the memory sink {@code sink}, available-now. */
  StreamingQuery start(MillraceSession session, Path checkpoint, String sink) {
    Dataset in = session.readStream().format("memory").option("name", input()).load();
    return shape.query(in).writeStream().format("memory").option("name", sink).outputMode(shape.outputMode)
        .trigger(Trigger.availableNow()).option("checkpointLocation", checkpoint.toString()).start();
  }

  /** Microseconds at {@code hh:mm} or {@code hh:mm:ss} on 2026-11-30, UTC. */
  static long at(String time) {
    String seconds = time.length() == 5 ? time + ":00" : time;
    return Instant.parse("2026-11-30T" + seconds + "Z").toEpochMilli() * 1000;
  }

  private static Row agg(String ts, String key, double amount) {
    return Row.of(at(ts), key, amount);
  }

  private static Row dedup(String id, String ts, long n) {
    return Row.of(id, at(ts), n);
  }
}
