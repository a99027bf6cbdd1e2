package io.millrace.spi.sink;

import io.millrace.spi.data.Row;
import java.io.IOException;

/**
 * Writes the rows of one task of one batch, for a sink that {@linkplain Sink#writesPerTask()
 * writes per task}. The runtime calls {@link #write} for each of the task's rows, in order, from
 * one thread, then {@link #commit()} once; or {@link #abort()} instead if the task fails or the
 * batch is given up. Either way it calls {@link #close()} last.
 *
 * <p>Nothing a task writer writes may become visible to readers of the sink before
 * {@link Sink#commit} takes its message: a crash may leave any number of tasks committed and
 * the batch not, and the batch is then run again, with new writers, on a fresh instance.
 */
public interface TaskWriter extends AutoCloseable {

  void write(Row row) throws IOException;

  /** The task wrote all its rows: what {@link Sink#commit} needs to publish them. */
  WriterCommitMessage commit() throws IOException;

  /** The task's rows will never be committed; clean up what can be cleaned. */
  void abort() throws IOException;

  @Override
  default void close() throws IOException {}
}
