package io.millrace.runtime.exec;

import io.millrace.runtime.state.PartitionInput;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Streams one output task's rows to the sink's writer for that task, which commits at the end.
 * The writer is created in the task itself, at its first row or its end, so a batch of many
 * tasks holds open only the writers of the tasks running. It keeps the writer's contract: after
 * {@code commit()} or {@code abort()}, never both, comes {@code close()}, once.
 */
final class WriterInput implements PartitionInput {
  /** Creates the task's writer. */
  @FunctionalInterface
  interface WriterFactory {
    TaskWriter create() throws IOException;
  }

  private enum State { NOT_CREATED, OPEN, COMMITTED, ABORTED }

  private final WriterFactory factory;
  private TaskWriter writer;
  private volatile State state = State.NOT_CREATED;
  private long rows;
  private volatile WriterCommitMessage message;

  WriterInput(WriterFactory factory) {
    this.factory = factory;
  }

  @Override
  public void add(Row row) {
    try {
      writer().write(row);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    rows++;
  }

  /** Commits the task; a failed commit leaves the writer open for {@link #abort()}. */
  @Override
  public void finish() {
    try {
      message = writer().commit();
      state = State.COMMITTED;
      writer.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Aborts and closes the writer, unless it committed or was never created. */
  @Override
  public void abort() {
    if (state != State.OPEN) {
      return;
    }
    state = State.ABORTED;
    try (TaskWriter w = writer) {
      w.abort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private TaskWriter writer() throws IOException {
    if (state == State.NOT_CREATED) {
      writer = factory.create();
      state = State.OPEN;
    }
    return writer;
  }

  @Override
  public long rowsAdded() {
    return rows;
  }

  /** The task's commit message, or null before (or without) its commit. */
  WriterCommitMessage message() {
    return message;
  }
}
