package io.millrace.runtime.exec;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import java.util.Map;

/**
 * The query {@link CrashRecoveryTest} runs in a child JVM: the {@code sequence} source (20
 * rows, 5 per batch) into the {@code durable-file} sink. Arguments: checkpoint, sink
 * directory, and optionally a {@link FaultPoint} and a batch id at which the JVM halts
 * ({@code Runtime.halt}: no shutdown hooks, nothing flushed), as a crash would. The system
 * property {@code minBatchesToRetain}, if set, is the session's retention.
 */
public final class CrashChild {
  public static void main(String[] args) {
    String checkpoint = args[0];
    String sinkDir = args[1];
    FaultInjector faults = FaultInjector.NONE;
    if (args.length > 3) {
      FaultPoint haltAt = FaultPoint.valueOf(args[2]);
      long haltBatch = Long.parseLong(args[3]);
      faults = (point, batch) -> {
        if (point == haltAt && batch == haltBatch) {
          Runtime.getRuntime().halt(137);
        }
      };
    }
    MillraceSession.Builder builder = MillraceSession.builder().faultInjector(faults);
    String retain = System.getProperty("minBatchesToRetain");
    if (retain != null) {
      builder.config("millrace.minBatchesToRetain", retain);
    }
    try (MillraceSession session = builder.build()) {
      StreamingQuery query = session.readStream().format("sequence")
          .options(Map.of("total", "20", "rowsPerBatch", "5"))
          .load()
          .writeStream().format("durable-file").option("path", sinkDir)
          .option("checkpointLocation", checkpoint)
          .start();
      query.processAllAvailable();
      query.stop();
    }
    System.exit(0);
  }
}
