package io.millrace.runtime.cli;

import io.millrace.api.StreamingQueryProgress;
import java.util.Map;

/** One readable line per batch, for the terminal. */
final class ProgressLine {
  private ProgressLine() {}

  static String of(StreamingQueryProgress p) {
    Map<String, Long> d = p.durationMs();
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("batch %-5d %s  in %,d rows", p.batchId(), p.timestamp(), p.numInputRows()));
    sb.append(String.format("  out %,d rows", p.sink().numOutputRows()));
    if (p.processedRowsPerSecond() != null) {
      sb.append(String.format("  %,.1f rows/s", p.processedRowsPerSecond()));
    }
    sb.append(String.format("  %d ms (wal %d, read %d, state %d, sink %d, commit %d)", d.getOrDefault("triggerExecution", 0L),
        d.getOrDefault("walCommit", 0L), d.getOrDefault("getBatch", 0L), d.getOrDefault("stateUpdate", 0L),
        d.getOrDefault("addBatch", 0L), d.getOrDefault("commitOffsets", 0L)));
    for (var op : p.stateOperators()) {
      sb.append(String.format("  %s: %,d keys", op.operatorName(), op.numRowsTotal()));
      if (op.numRowsDroppedByWatermark() > 0) {
        sb.append(String.format(", %,d late rows dropped", op.numRowsDroppedByWatermark()));
      }
    }
    if (p.eventTime().containsKey("watermark")) {
      sb.append("  watermark ").append(p.eventTime().get("watermark"));
    }
    return sb.toString();
  }
}
