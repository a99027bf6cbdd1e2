package io.millrace.runtime.state;

import io.millrace.api.StateOperatorProgress;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A query's stateful operator: a streaming aggregation, a deduplication or a stream-stream join. */
public interface StatefulOperator extends AutoCloseable {

  /** What one batch produced: the rows for what follows and the operator's figures. */
  record Result(List<Row> rows, StateOperatorProgress progress) {
    /** This result with {@code extra} added to its progress's custom metrics. */
    Result withCustomMetrics(Map<String, Long> extra) {
      Map<String, Long> custom = new TreeMap<>(progress.customMetrics());
      custom.putAll(extra);
      StateOperatorProgress p = progress;
      return new Result(rows, new StateOperatorProgress(p.operatorName(), p.numRowsTotal(), p.numRowsUpdated(),
          p.numRowsRemoved(), p.numRowsDroppedByWatermark(), p.commitTimeMs(), p.memoryUsedBytes(),
          p.numShufflePartitions(), p.numStateStoreInstances(), custom));
    }
  }

  /**
   * A fresh map side for one reader task's input partitions, with the batch's watermark; the
   * task feeds it their rows in order, and {@link #run} receives all of them in task order.
   */
  PartitionInput newInput(EvalContext context, long watermarkMicros);

  /**
   * As {@link #newInput(EvalContext, long)}, for a map side of the operator's input number
   * {@code input} (0 for the first): an operator of two inputs (a join) tells its sides apart
   * by it. {@link #run} receives every input's map sides, the first input's first.
   */
  default PartitionInput newInput(EvalContext context, long watermarkMicros, int input) {
    if (input != 0) {
      throw new IllegalArgumentException(getClass().getSimpleName() + " has one input, not input " + input);
    }
    return newInput(context, watermarkMicros);
  }

  /**
   * How many reader tasks share a batch's input partitions, each with one map side over a run
   * of consecutive partitions: the state partitions' count. Fewer map sides than partitions
   * mean fewer partial results per group to route and merge (a batch of ten files has each
   * window in about two of them), and a count fixed by the checkpoint, unlike the machine's
   * cores, makes a replayed batch fold its partials, floating-point sums included, in the
   * same grouping as the first run.
   */
  int readerTasks();

  /**
   * A batch's two watermarks for this operator, in microseconds ({@link Long#MIN_VALUE} when none
   * reaches it): the one its input rows are late by (the previous batch's, which the map sides
   * got in {@link #newInput}; a batch without input has none, so it comes here too) and the one
   * it evicts and fires timers by (this batch's).
   */
  record Watermarks(long lateMicros, long evictionMicros) {}

  /**
   * Runs batch {@code batchId} over its input partitions' map sides: loads state version
   * {@code batchId}, commits {@code batchId + 1}, all partitions or none.
   */
  Result run(long batchId, List<PartitionInput> inputs, EvalContext context, Watermarks watermarks) throws Exception;

  /**
   * When the operator's earliest processing-time timer is due, in milliseconds; Long.MAX_VALUE
   * when it has none, Long.MIN_VALUE when it does not know yet (a batch finds out).
   */
  default long nextProcessingTimerMs() {
    return Long.MAX_VALUE;
  }

  /** Background housekeeping of every partition's store. */
  void maintain();

  @Override
  void close();
}
