package io.millrace.api;

import io.millrace.spi.data.Row;
import java.io.Serializable;

/**
 * Writes a query's rows with user code, task by task, as Spark's {@code ForeachWriter}: for each
 * task of each batch, {@link #open} with the task's partition and the batch id; if it returns
 * true, {@link #process} for each of the task's rows; then {@link #close} with the error that
 * stopped the task, or null.
 *
 * <p><b>At-least-once.</b> A batch that fails, or that a crash interrupts, runs again after a
 * restart with the same batch id and the same rows, so {@code process} may see a row twice. A
 * writer that must not write twice can use {@code (partitionId, epochId)} to tell a replay (it
 * returns false from {@code open} for a pair it has fully written), as far as the partitioning of
 * the replay equals the first run's.
 *
 * <p>Each task works on its own copy of the writer given to {@code foreach(..)}, made by Java
 * serialization as in Spark, so the writer and what it holds must be {@link Serializable}; a job
 * file names a writer class instead, created once per task.
 */
public abstract class ForeachWriter implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * Starts a task: {@code partitionId} is the task's number in the batch, {@code epochId} the
   * batch id. Returns whether to {@link #process} the task's rows.
   */
  public abstract boolean open(long partitionId, long epochId);

  /** One row of the task, in order. */
  public abstract void process(Row value);

  /**
   * Ends the task, whether or not {@code open} returned true: {@code errorOrNull} is what
   * failed it (an exception {@code process} threw, or the batch given up), null when every row
   * was processed.
   */
  public abstract void close(Throwable errorOrNull);
}
