package io.millrace.runtime.state;

import io.millrace.spi.data.Row;

/**
 * The map side of a stateful operator: takes one input partition's rows, in order, inside that
 * partition's reader task. Work done here runs on every core at once (one task per input
 * partition) instead of on the one thread that starts the state tasks, and rows need not be
 * gathered into one list first: an aggregation folds them into partial values per group, a
 * deduplication encodes and routes each key to its state partition.
 */
public interface PartitionInput {

  void add(Row row);

  /** Called once, in the reader task, after the partition's last row. */
  default void finish() {}

  /**
   * Called instead of {@link #finish()}, in the reader task, when reading the partition failed
   * or {@code finish} threw: the input's rows will not be used.
   */
  default void abort() {}

  /** The rows given to {@link #add}. */
  long rowsAdded();
}
