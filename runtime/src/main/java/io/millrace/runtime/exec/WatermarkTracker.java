package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EventTimeStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The query's event-time watermark, as Spark's {@code WatermarkTracker} keeps it: each
 * {@code withWatermark} operator has its own (the greatest event time it saw minus its delay,
 * never moving back); the query's watermark is their minimum (policy {@code min}, the default)
 * or maximum ({@code max}), and never moves back either. An operator that has seen no row yet
 * counts as 0, so under {@code min} one idle stream holds the watermark, as in Spark. Like
 * Spark, only the query's watermark survives a restart (in {@code offsets/N}); each operator's
 * starts again from what the next batches show.
 */
final class WatermarkTracker {
  private final long[] delaysMs;
  private final boolean max;
  private final long[] perOperator;
  private final boolean[] known;
  private long currentMs;

  WatermarkTracker(long[] delaysMs, String policy, long currentMs) {
    this.delaysMs = delaysMs.clone();
    this.max = "max".equalsIgnoreCase(policy.trim());
    this.perOperator = new long[delaysMs.length];
    this.known = new boolean[delaysMs.length];
    this.currentMs = currentMs;
  }

  boolean enabled() {
    return delaysMs.length > 0;
  }

  /** Starts from the watermark a checkpoint recorded; each operator's own starts again. */
  void restore(long watermarkMs) {
    currentMs = watermarkMs;
  }

  long currentMs() {
    return currentMs;
  }

  /** Folds in what a batch saw at each {@code withWatermark}; the result is the next batch's watermark. */
  long update(List<EventTimeStats> seen) {
    if (!enabled()) {
      return currentMs;
    }
    for (int i = 0; i < delaysMs.length; i++) {
      EventTimeStats s = seen.get(i);
      if (s.count() > 0) {
        long candidate = Math.floorDiv(s.maxMicros(), 1000) - delaysMs[i];
        if (!known[i] || candidate > perOperator[i]) {
          perOperator[i] = candidate;
          known[i] = true;
        }
      } else if (!known[i]) {
        perOperator[i] = 0;
        known[i] = true;
      }
    }
    long chosen = perOperator[0];
    for (long w : perOperator) {
      chosen = max ? Math.max(chosen, w) : Math.min(chosen, w);
    }
    currentMs = Math.max(currentMs, chosen);
    return currentMs;
  }

  /** The progress's {@code eventTime}: the batch's watermark and the event times every operator saw. */
  Map<String, String> progress(long batchWatermarkMs, List<EventTimeStats> seen) {
    if (!enabled()) {
      return Map.of();
    }
    EventTimeStats all = EventTimeStats.merged(seen);
    Map<String, String> out = new TreeMap<>();
    out.put("watermark", ProgressTracker.iso(batchWatermarkMs));
    if (all.count() > 0) {
      out.put("min", ProgressTracker.iso(Math.floorDiv(all.minMicros(), 1000)));
      out.put("max", ProgressTracker.iso(Math.floorDiv(all.maxMicros(), 1000)));
      out.put("avg", ProgressTracker.iso(all.avgMillis()));
    }
    return out;
  }

  static List<EventTimeStats> collectors(int n) {
    List<EventTimeStats> stats = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      stats.add(new EventTimeStats());
    }
    return stats;
  }
}
