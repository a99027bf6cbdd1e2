package io.millrace.runtime.exec;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.window;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.state.TimeMode;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The stateful query {@link StatefulCrashRecoveryTest} runs in a child JVM: the {@code sequence}
 * source (30 rows, 5 per batch) with a key and an event time a minute apart, through an
 * aggregation or a deduplication, into the {@code durable-file} sink. Arguments: checkpoint,
 * sink directory, operator (agg, dedup, dedupTs, dedupWithin, unionChain: a union of two sources, a
 * deduplication and a windowed count; joinOuter: a left outer join of two sources; "agg@rocksdb"
 * picks the state store; joinWindow: that join then a windowed count; tws: sessions by
 * transformWithState with event-time timers; sessionWindow: the same sessions by session_window),
 * and optionally a {@link FaultPoint} and a batch or state version (-1: the first time) at which
 * the JVM halts.
 */
public final class StatefulCrashChild {
  public static void main(String[] args) {
    String checkpoint = args[0];
    String sinkDir = args[1];
    // "agg" or "agg@rocksdb": the operator and, optionally, the state store.
    String operator = args[2].split("@")[0];
    String provider = args[2].contains("@") ? args[2].split("@")[1] : "hdfs";
    FaultInjector faults = FaultInjector.NONE;
    if (args.length > 4) {
      FaultPoint haltAt = FaultPoint.valueOf(args[3]);
      long id = Long.parseLong(args[4]);
      AtomicBoolean armed = new AtomicBoolean(true);
      faults = (point, batch) -> {
        if (point == haltAt && (id < 0 || batch == id) && armed.compareAndSet(true, false)) {
          Runtime.getRuntime().halt(137);
        }
      };
    }
    try (MillraceSession session = MillraceSession.builder().faultInjector(faults)
        .config("millrace.state.provider", provider)
        .config("millrace.state.maintenanceInterval", "20ms")
        .config("millrace.state.rocksdb.minDeltasForSnapshot", "2")
        .config("millrace.state.hdfs.minDeltasForSnapshot", "2")
        .build()) {
      Dataset source = session.readStream().format("sequence").options(Map.of("total", "30", "rowsPerBatch", "5")).load();
      Dataset in = source.selectExpr("id", "CAST(id % 4 AS STRING) AS key", "timestamp_seconds(id * 60) AS ts")
          .withWatermark("ts", "3 minutes");
      Dataset out;
      switch (operator) {
        case "agg":
          out = in.groupBy(window(col("ts"), "5 minutes"), col("key")).count();
          break;
        case "dedup":
          out = in.withColumn("key", io.millrace.api.functions.expr("CAST(id % 7 AS STRING)")).dropDuplicates("key");
          break;
        case "dedupTs":
          // Rows 2k and 2k+1 share key and event time: one copy of each pair is a duplicate,
          // and the watermark expires keys by range (the event time leads the state key).
          out = source.selectExpr("id", "CAST(CAST(id / 2 AS BIGINT) % 3 AS STRING) AS key",
                  "timestamp_seconds(CAST(id / 2 AS BIGINT) * 60) AS ts")
              .withWatermark("ts", "3 minutes")
              .dropDuplicates("key", "ts");
          break;
        case "unionChain": {
          // Two sources, each with its own offsets line, unioned; a deduplication then a windowed
          // count after it: every copy of a pair (rows 2k and 2k+1 of each source) but one is a
          // duplicate, and the count emits a window once the watermark passes it (append mode).
          Dataset other = session.readStream().format("sequence")
              .options(Map.of("total", "20", "rowsPerBatch", "4")).load();
          out = pairs(source).union(pairs(other)).withWatermark("ts", "3 minutes")
              .dropDuplicates("key", "ts")
              .groupBy(window(col("ts"), "5 minutes")).count();
          break;
        }
        case "joinWindow":
        case "joinOuter": {
          // A left outer join of two sources, six batches each: right row i lands 90 s after left
          // row i on the same key, so some pairs match and the other left rows are emitted with
          // nulls once the watermark passes them, each exactly once across the crash.
          Dataset right = session.readStream().format("sequence")
              .options(Map.of("total", "30", "rowsPerBatch", "5")).load()
              .selectExpr("CAST(id % 4 AS INT) AS rk", "timestamp_seconds(id * 60 + 90) AS rts", "id AS rid")
              .withWatermark("rts", "3 minutes");
          out = source.selectExpr("CAST(id % 3 AS INT) AS lk", "timestamp_seconds(id * 60) AS lts", "id AS lid")
              .withWatermark("lts", "3 minutes")
              .join(right, io.millrace.api.functions.expr("lk = rk AND rts BETWEEN lts AND lts + INTERVAL 2 MINUTES"),
                  "leftOuter");
          if (operator.equals("joinWindow")) {
            // A windowed count of the joined rows (matched and outer) by the left time: a window
            // is emitted once the join's own watermark (the query's, less the join's time bound)
            // passes it, in append mode.
            out = out.groupBy(window(col("lts"), "5 minutes")).count();
          }
          break;
        }
        case "tws":
          // Sessions by key on transformWithState: rows 2k and 2k+1 share a key a minute apart (one
          // session, some split across two batches), the key's next pair comes 6 minutes later; most
          // sessions close when the watermark passes their event-time timer, each exactly once
          // across the crash.
          out = source.selectExpr("CAST(CAST(id / 2 AS BIGINT) % 3 AS STRING) AS key",
                  "timestamp_seconds(3600 + id * 60) AS ts", "id")
              .withWatermark("ts", "1 minute")
              .groupByKey("key")
              .transformWithState(CrashSessionizer::new, TimeMode.EVENT_TIME, OutputMode.APPEND,
                  CrashSessionizer.OUTPUT);
          break;
        case "sessionWindow":
          // The same rows by session_window, whose timers are kept by time only: the pairs' one
          // session each, emitted once the watermark passes its end, each exactly once across the crash.
          out = source.selectExpr("CAST(CAST(id / 2 AS BIGINT) % 3 AS STRING) AS key",
                  "timestamp_seconds(3600 + id * 60) AS ts", "id")
              .withWatermark("ts", "1 minute")
              .groupBy(col("key"), io.millrace.api.functions.session_window(col("ts"), "2 minutes"))
              .agg(io.millrace.api.functions.count(io.millrace.api.functions.lit(1)).as("events"),
                  io.millrace.api.functions.sum(col("id")).as("ids"))
              .selectExpr("key", "session_window.start AS sessionStart", "session_window.end AS sessionEnd", "events", "ids");
          break;
        default:
          out = in.dropDuplicatesWithinWatermark("key");
      }
      StreamingQuery query = out.writeStream().format("durable-file").option("path", sinkDir)
          .outputMode(operator.equals("agg") ? "update" : "append")
          .option("checkpointLocation", checkpoint).start();
      query.processAllAvailable();
      query.stop();
    }
    System.exit(0);
  }

  /** Rows 2k and 2k+1 with one key and one event time. */
  private static Dataset pairs(Dataset sequence) {
    return sequence.selectExpr("CAST(CAST(id / 2 AS BIGINT) % 3 AS STRING) AS key",
        "timestamp_seconds(CAST(id / 2 AS BIGINT) * 60) AS ts");
  }
}
