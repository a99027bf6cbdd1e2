package io.millrace.it;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Kafka-to-Kafka query {@link KafkaPipelineCrashRecoveryTest} runs in a child JVM, through
 * the engine: the {@code kafka} source on the input topic (earliest, {@value #OFFSETS_PER_BATCH}
 * offsets a batch), the JSON values parsed, the rows of kind {@code skip} filtered out, each kept
 * event written back as {@code to_json(struct(*))} keyed by its id by the {@code kafka} sink
 * (exactly-once), available-now.
 *
 * <p>Arguments: bootstrap servers, input topic, output topic, transactional id prefix,
 * checkpoint, progress file (one progress JSON per line, written when the query ends), and
 * optionally a {@link FaultPoint}, the batch and the occurrence (1-based, for a point reported
 * several times in a batch) at which the JVM halts with exit code 137. System property
 * {@code it.minBatchesToRetain} sets the session's retention (so that the log purge runs);
 * {@code it.sink.<option>} adds sink options (such as a producer interceptor).
 */
public final class KafkaPipelineChild {
  static final long OFFSETS_PER_BATCH = 30;
  /** Input events: {@code {"id":7,"kind":"keep","amount":21}}. */
  static final String EVENT_SCHEMA = "id LONG, kind STRING, amount INT";
  private static final String SINK_OPTION = "it.sink.";

  public static void main(String[] args) throws Exception {
    FaultInjector faults = FaultInjector.NONE;
    if (args.length > 6) {
      FaultPoint haltAt = FaultPoint.valueOf(args[6]);
      long batch = Long.parseLong(args[7]);
      int occurrence = Integer.parseInt(args[8]);
      AtomicInteger seen = new AtomicInteger();
      faults = (point, id) -> {
        if (point == haltAt && id == batch && seen.incrementAndGet() == occurrence) {
          Runtime.getRuntime().halt(137);
        }
      };
    }
    Map<String, String> sinkOptions = new HashMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith(SINK_OPTION)) {
        sinkOptions.put(name.substring(SINK_OPTION.length()), System.getProperty(name));
      }
    }
    run(args, faults, System.getProperty("it.minBatchesToRetain"), sinkOptions);
    System.exit(0);
  }

  /**
   * The query to its end: in this child's JVM, or in the test's own for a restart (the crash
   * was a real halt; what the restart needs is the checkpoint and the topics, not a new process).
   */
  static void run(String[] args, FaultInjector faults, String minBatchesToRetain, Map<String, String> sinkOptions)
      throws Exception {
    MillraceSession.Builder builder = MillraceSession.builder().faultInjector(faults);
    if (minBatchesToRetain != null) {
      builder.config("millrace.minBatchesToRetain", minBatchesToRetain);
    }
    try (MillraceSession session = builder.build()) {
      var writer = session.readStream().format("kafka")
          .option("kafka.bootstrap.servers", args[0]).option("subscribe", args[1])
          .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", OFFSETS_PER_BATCH).load()
          .selectExpr("from_json(CAST(value AS STRING), '" + EVENT_SCHEMA + "') AS e", "partition", "offset")
          .filter("e.kind <> 'skip'")
          .selectExpr("e.*", "partition", "offset")
          .selectExpr("CAST(id AS STRING) AS key", "to_json(struct(*)) AS value")
          .writeStream().format("kafka")
          .option("kafka.bootstrap.servers", args[0]).option("topic", args[2])
          .option("transactionalIdPrefix", args[3]);
      for (Map.Entry<String, String> option : sinkOptions.entrySet()) {
        writer = writer.option(option.getKey(), option.getValue());
      }
      StreamingQuery query = writer.option("checkpointLocation", args[4]).trigger(Trigger.availableNow()).start();
      query.awaitTermination();
      if (query.exception().isPresent()) {
        throw query.exception().get();
      }
      List<String> lines = new ArrayList<>();
      for (StreamingQueryProgress progress : query.recentProgress()) {
        lines.add(progress.json());
      }
      Files.write(Path.of(args[5]), lines);
    }
  }
}
