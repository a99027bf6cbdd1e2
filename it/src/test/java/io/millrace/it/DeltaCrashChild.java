package io.millrace.it;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The query {@link DeltaSinkCrashRecoveryTest} runs in a child JVM: the {@code file} source
 * (JSON lines, one file per batch) through a filter into the {@code delta} sink, available-now.
 * Arguments: input directory, table path, checkpoint, progress file (one progress JSON per line,
 * written when the query ends), and optionally a {@link FaultPoint} and the batch at which the
 * JVM halts. The system property {@code it.txnAppId} replaces the sink id, for several writers;
 * properties {@code it.sink.<option>} add sink options (such as {@code hadoop.dfs.replication}
 * for a table on a one-DataNode HDFS).
 */
public final class DeltaCrashChild {
  /** The sink id the Delta log's txn entries carry. */
  static final String APP_ID = "it-delta-crash";
  private static final String SINK_OPTION = "it.sink.";

  public static void main(String[] args) throws IOException {
    FaultInjector faults = FaultInjector.NONE;
    if (args.length > 4) {
      FaultPoint haltAt = FaultPoint.valueOf(args[4]);
      long batch = Long.parseLong(args[5]);
      AtomicBoolean armed = new AtomicBoolean(true);
      faults = (point, id) -> {
        if (point == haltAt && id == batch && armed.compareAndSet(true, false)) {
          Runtime.getRuntime().halt(137);
        }
      };
    }
    try (MillraceSession session = MillraceSession.builder().faultInjector(faults).build()) {
      StreamingQuery query = session.readStream().format("file").schema("id LONG, key STRING")
          .option("path", args[0]).option("format", "json").option("maxFilesPerTrigger", 1L).load()
          .filter("id >= 0")
          .writeStream().format("delta").option("path", args[1]).option("txnAppId", System.getProperty("it.txnAppId", APP_ID))
          .options(sinkOptionsFromSystemProperties())
          .option("checkpointLocation", args[2]).trigger(Trigger.availableNow()).start();
      query.awaitTermination();
      if (query.exception().isPresent()) {
        throw query.exception().get();
      }
      List<String> lines = new ArrayList<>();
      for (StreamingQueryProgress progress : query.recentProgress()) {
        lines.add(progress.json());
      }
      Files.write(Path.of(args[3]), lines);
    }
    System.exit(0);
  }

  private static Map<String, String> sinkOptionsFromSystemProperties() {
    Map<String, String> options = new TreeMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith(SINK_OPTION)) {
        options.put(name.substring(SINK_OPTION.length()), System.getProperty(name));
      }
    }
    return options;
  }
}
