package io.millrace.runtime.exec;

import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * A node of the physical plan a batch runs. Each operator turns its children's tasks into its
 * own: a scan makes one per input partition, a stateless pipeline fuses itself into its input's
 * tasks, a union concatenates, a stateful operator runs its input's tasks into its map sides,
 * updates its state and hands on what it emits. A new kind of operator (a join, say) is a new
 * class of this interface; the batch loop names none of them.
 */
interface PhysicalOperator {

  List<PhysicalOperator> children();

  Schema outputSchema();

  /** The operator's line in {@code explain()}. */
  String describe();

  /** This operator's output in batch {@code batch}, as tasks in a fixed order. */
  List<RowTask> tasks(BatchRun batch) throws Exception;
}
