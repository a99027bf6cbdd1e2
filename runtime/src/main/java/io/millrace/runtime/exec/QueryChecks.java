package io.millrace.runtime.exec;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.plan.QueryPlan;
import io.millrace.spi.sink.OutputMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a query must satisfy before it starts, beyond names and types: an output mode it can
 * honour (Spark's rules), and no option that would be ignored. Warns where a query is valid but
 * its state can grow without bound.
 */
final class QueryChecks {
  private static final Logger LOG = LoggerFactory.getLogger(QueryChecks.class);

  private QueryChecks() {}

  static void checkOutputMode(QuerySpec spec, QueryPlan plan) {
    boolean evicts = plan.evictsByWatermark();
    if (plan.deduplication().isPresent()) {
      if (spec.outputMode() == OutputMode.COMPLETE) {
        throw new AnalysisException("output mode complete needs an aggregation: a deduplication emits each row once "
            + "and keeps no result table to re-emit; use append");
      }
      if (!evicts) {
        LOG.warn("dropDuplicates keeps every key it has seen: without withWatermark(..) on one of its key columns its "
            + "state grows without bound");
      }
      return;
    }
    if (plan.isStateful() && spec.outputMode() == OutputMode.APPEND && !evicts) {
      throw new AnalysisException("output mode append needs withWatermark(..) on the event-time column and a grouping "
          + "by that column or a window on it: otherwise a group can change with every batch, so no row could ever "
          + "be emitted as final; " + (plan.watermark().isPresent()
              ? "group by '" + plan.watermark().get().column() + "' or window('" + plan.watermark().get().column() + "', ..)"
              : "add withWatermark(..)") + ", or use update or complete");
    }
    if (plan.isStateful() && spec.outputMode() == OutputMode.COMPLETE && evicts) {
      LOG.warn("Output mode complete keeps every group, finished windows too: the watermark on '{}' evicts nothing "
          + "and makes no row late, so the state grows with every new group; use update or append to bound it",
          plan.watermark().get().column());
    }
    if (plan.isStateful() && plan.watermark().isPresent() && !evicts) {
      LOG.warn("The aggregation does not group by the watermarked column '{}' or a window on it: its state is never "
          + "evicted and grows with every new group", plan.watermark().get().column());
    }
    if (!plan.isStateful() && spec.outputMode() == OutputMode.COMPLETE) {
      throw new AnalysisException("output mode complete needs an aggregation: it re-emits the whole result "
          + "every batch, and a query without aggregation has no result table to re-emit; use append");
    }
  }

  static void checkForeachBatchOptions(QuerySpec spec) {
    if (spec.foreachBatch().isPresent() && !spec.sinkOptions().isEmpty()) {
      throw new AnalysisException("foreachBatch takes no sink options, but " + spec.sinkOptions().keySet()
          + " were given; only checkpointLocation applies");
    }
  }
}
