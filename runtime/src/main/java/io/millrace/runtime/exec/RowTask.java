package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.plan.RowPipeline;
import io.millrace.runtime.state.PartitionInput;
import io.millrace.spi.data.Row;
import java.util.List;

/**
 * The rows of one task of a batch: a source partition's, or a run of the rows an operator
 * produced. A stateless pipeline over them is fused into the task ({@link #then}), so each row
 * goes from the reader through every stateless operator to its consumer in one loop.
 */
interface RowTask {

  /** Gives every row, in order, to {@code out}. */
  void run(PartitionInput out, EvalContext context) throws Exception;

  /** This task with {@code pipeline} applied to each of its rows; rows it drops go nowhere. */
  RowTask then(RowPipeline pipeline);

  /**
   * The task's rows as a list it already holds, when no pipeline applies to them (an operator's
   * output read as it is): the sink then takes that list instead of a copy of it. Null otherwise.
   */
  default List<Row> rowsAsTheyAre() {
    return null;
  }
}
