package io.millrace.runtime.exec;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import java.util.Map;

/**
 * The query {@link CrashRecoveryTest} runs in a child JVM: the {@code sequence} source (20
 * rows, 5 per batch) into the {@code durable-file} sink. Extra arguments {@code key=value}
 * become source or sink options, which is how the test asks it to halt at a crash point.
 */
public final class CrashChild {
  public static void main(String[] args) {
    String checkpoint = args[0];
    String sinkDir = args[1];
    String haltWhenPlanningEnd = args.length > 2 ? args[2] : "-1";
    String haltAfterBatch = args.length > 3 ? args[3] : "-1";
    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery query = session.readStream().format("sequence")
          .options(Map.of("total", "20", "rowsPerBatch", "5", "haltWhenPlanningEnd", haltWhenPlanningEnd))
          .load()
          .writeStream().format("durable-file")
          .option("path", sinkDir).option("haltAfterBatch", haltAfterBatch)
          .option("checkpointLocation", checkpoint)
          .start();
      query.processAllAvailable();
      query.stop();
    }
    System.exit(0);
  }
}
