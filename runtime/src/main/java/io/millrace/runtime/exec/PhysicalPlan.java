package io.millrace.runtime.exec;

import io.millrace.runtime.plan.PlanText;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.List;

/**
 * A query's physical plan: the tree of operators under the sink, its stateful operators by
 * operator id, and the delays of its {@code withWatermark} operators.
 */
final class PhysicalPlan {
  private final WriteExec root;
  private final List<StatefulExec> stateful;
  private final long[] watermarkDelaysMs;

  PhysicalPlan(WriteExec root, List<StatefulExec> stateful, long[] watermarkDelaysMs) {
    this.root = root;
    this.stateful = List.copyOf(stateful);
    this.watermarkDelaysMs = watermarkDelaysMs.clone();
  }

  WriteExec root() {
    return root;
  }

  /** The stateful operators, by operator id. */
  List<StatefulExec> stateful() {
    return stateful;
  }

  boolean isStateful() {
    return !stateful.isEmpty();
  }

  /** The delay of each {@code withWatermark}, by its number. */
  long[] watermarkDelaysMs() {
    return watermarkDelaysMs.clone();
  }

  Schema outputSchema() {
    return root.outputSchema();
  }

  /**
   * Whether a move of the watermark alone is worth a batch: some stateful operator emits or
   * evicts by it. In complete mode an aggregation never does (it keeps every group and
   * re-emits the whole table; a batch without input would re-emit it unchanged), as in Spark.
   */
  boolean watermarkDriven(OutputMode mode) {
    for (StatefulExec op : stateful) {
      if (op.evictsByWatermark(mode)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the query's watermark moving from {@code fromMs} to {@code toMs} is worth a batch
   * without data, as Spark decides it: some stateful operator that emits or evicts by the
   * watermark sees its own input watermark move (an operator after a join may not yet, while the
   * join's state watermarks lag behind the query's).
   */
  boolean watermarkDriven(OutputMode mode, long fromMs, long toMs) {
    if (toMs <= fromMs || !watermarkDriven(mode)) {
      return false;
    }
    java.util.Map<Integer, Long> from = inputWatermarks(fromMs);
    java.util.Map<Integer, Long> to = inputWatermarks(toMs);
    for (StatefulExec op : stateful) {
      Long before = from.get(op.operatorId());
      Long after = to.get(op.operatorId());
      if (op.evictsByWatermark(mode) && before != null && after > before) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether some operator has a processing-time timer due at {@code nowMs}: a batch without data
   * runs to fire it (Spark runs one on every trigger under processing time; here only when one is due).
   */
  boolean timerDue(long nowMs) {
    for (StatefulExec op : stateful) {
      if (op.timerDue(nowMs)) {
        return true;
      }
    }
    return false;
  }

  /** Each stateful operator's input watermark for the query's watermark {@code queryMs}: see {@link WatermarkPropagation}. */
  java.util.Map<Integer, Long> inputWatermarks(long queryMs) {
    return WatermarkPropagation.inputWatermarks(root, queryMs);
  }

  String treeString() {
    return PlanText.of((PhysicalOperator) root, PhysicalOperator::children, PhysicalOperator::describe);
  }
}
