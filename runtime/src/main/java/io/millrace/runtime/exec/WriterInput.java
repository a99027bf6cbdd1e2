package io.millrace.runtime.exec;

import io.millrace.runtime.state.PartitionInput;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Streams one output task's rows to the sink's writer for that task, which commits at the end. */
final class WriterInput implements PartitionInput {
  private final TaskWriter writer;
  private long rows;
  private volatile WriterCommitMessage message;

  WriterInput(TaskWriter writer) {
    this.writer = writer;
  }

  @Override
  public void add(Row row) {
    try {
      writer.write(row);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    rows++;
  }

  @Override
  public void finish() {
    try (TaskWriter w = writer) {
      message = w.commit();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void abort() {
    try (TaskWriter w = writer) {
      w.abort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
