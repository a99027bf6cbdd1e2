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
    sb.append(String.format("  %d ms (wal %d, read %d, sink %d, commit %d)", d.getOrDefault("triggerExecution", 0L),
        d.getOrDefault("walCommit", 0L), d.getOrDefault("getBatch", 0L), d.getOrDefault("addBatch", 0L),
        d.getOrDefault("commitOffsets", 0L)));
    return sb.toString();
  }
}
