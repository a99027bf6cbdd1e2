package io.millrace.runtime.state;

import io.millrace.api.StateOperatorProgress;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import java.util.List;

/** A query's stateful operator: a streaming aggregation or a deduplication. */
public interface StatefulOperator extends AutoCloseable {

  /** What one batch produced: the rows for what follows and the operator's figures. */
  record Result(List<Row> rows, StateOperatorProgress progress) {}

  /**
   * A fresh map side for one input partition of batch {@code watermarkMicros}'s rows; the reader
   * task of that partition feeds it, and {@link #run} receives them all in partition order.
   */
  PartitionInput newInput(EvalContext context, long watermarkMicros);

  /**
   * Runs batch {@code batchId} over its input partitions' map sides: loads state version
   * {@code batchId}, commits {@code batchId + 1}, all partitions or none.
   *
   * @param watermarkMicros the batch's watermark, or {@link Long#MIN_VALUE} when there is none
   */
  Result run(long batchId, List<PartitionInput> inputs, EvalContext context, long watermarkMicros) throws Exception;

  /** Background housekeeping of every partition's store. */
  void maintain();

  @Override
  void close();
}
