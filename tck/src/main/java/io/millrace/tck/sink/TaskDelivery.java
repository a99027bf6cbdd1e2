package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import io.millrace.tck.JavaSerialization;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Hands a batch to a sink the way the engine does: {@code addBatch}, or, for a sink that
 * {@linkplain Sink#writesPerTask() writes per task}, the rows spread in order over
 * {@value #TASKS} task writers, each committed, then one {@code Sink.commit} with the tasks'
 * messages. Where a message survives Java serialization the commit gets a copy, as a runner
 * in another process would send it. A {@link io.millrace.tck.SimulatedCrash} thrown from the
 * batch's rows goes through untouched: the process died, nobody aborts.
 */
final class TaskDelivery {
  static final int TASKS = 3;

  private TaskDelivery() {}

  static void deliver(Sink sink, long batchId, Batch batch) throws IOException {
    if (!sink.writesPerTask()) {
      sink.addBatch(batchId, batch);
      return;
    }
    List<WriterCommitMessage> messages = commitTasks(sink, batchId, batch, TASKS);
    List<WriterCommitMessage> copies = new ArrayList<>();
    for (WriterCommitMessage m : messages) {
      copies.add(copy(m).orElse(m));
    }
    sink.commit(batchId, copies);
  }

  /** Runs {@code tasks} task writers over the batch's rows in order; their messages, in task order. */
  static List<WriterCommitMessage> commitTasks(Sink sink, long batchId, Batch batch, int tasks) throws IOException {
    List<WriterCommitMessage> messages = new ArrayList<>();
    Iterator<Row> rows = batch.iterator();
    long total = batch.numRows();
    for (int task = 0; task < tasks; task++) {
      long size = total / tasks + (task < total % tasks ? 1 : 0);
      TaskWriter writer = sink.createWriter(task, batchId);
      try {
        for (long i = 0; i < size; i++) {
          writer.write(rows.next());
        }
        messages.add(writer.commit());
      } catch (IOException | RuntimeException e) {
        try (TaskWriter w = writer) {
          w.abort();
        }
        sink.abort(batchId, messages);
        throw e;
      }
      writer.close();
    }
    return messages;
  }

  /** A copy of {@code message} made through Java serialization, or empty if it does not survive it. */
  static Optional<WriterCommitMessage> copy(WriterCommitMessage message) {
    return JavaSerialization.copy(message);
  }

  /** Why {@code message} does not survive Java serialization, or empty if it does. */
  static Optional<String> whyNotCopied(WriterCommitMessage message) {
    return JavaSerialization.whyNot(message);
  }
}
