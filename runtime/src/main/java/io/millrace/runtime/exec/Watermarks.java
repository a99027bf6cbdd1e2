package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EventTimeStats;
import io.millrace.runtime.plan.QueryPlan;
import io.millrace.spi.sink.OutputMode;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a query's watermark moves from batch to batch, and how it shows in the progress.
 */
final class Watermarks {
  private Watermarks() {}

  /**
   * Whether the watermark drives results, so that a move of it alone is worth a batch: a
   * stateful operator that emits or evicts by it. Complete mode never does (it keeps every group
   * and re-emits the whole table; a batch without input would re-emit it unchanged), as in Spark.
   */
  static boolean driven(QueryPlan plan, OutputMode mode) {
    return plan.watermark().isPresent() && plan.evictsByWatermark() && mode != OutputMode.COMPLETE;
  }

  /**
   * The watermark of the next batch: the greatest event time this batch saw minus the delay,
   * never below the current one (it only moves forward, and only with event time).
   */
  static long next(QueryPlan plan, long current, EventTimeStats seen) {
    if (plan.watermark().isEmpty() || seen.count() == 0) {
      return current;
    }
    return Math.max(current, Math.floorDiv(seen.maxMicros(), 1000) - plan.watermarkDelayMillis().orElseThrow());
  }

  static Map<String, String> progress(QueryPlan plan, long batchWatermarkMs, EventTimeStats seen) {
    if (plan.watermark().isEmpty()) {
      return Map.of();
    }
    Map<String, String> out = new TreeMap<>();
    out.put("watermark", ProgressTracker.iso(batchWatermarkMs));
    if (seen.count() > 0) {
      out.put("min", ProgressTracker.iso(Math.floorDiv(seen.minMicros(), 1000)));
      out.put("max", ProgressTracker.iso(Math.floorDiv(seen.maxMicros(), 1000)));
      out.put("avg", ProgressTracker.iso(seen.avgMillis()));
    }
    return out;
  }
}
