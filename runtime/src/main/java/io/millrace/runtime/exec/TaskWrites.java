package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.sink.WriterCommitMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes a batch through a sink's per-task writers: each output task streams its rows to a
 * writer of its own, and the batch commits with the tasks' messages in task order. The batch's
 * rows are never gathered into one list, so a batch may be larger than the heap.
 */
final class TaskWrites {
  private TaskWrites() {}

  /** Writes and commits batch {@code batchId}; the rows written. On failure the sink aborts the batch. */
  static long write(BatchWriter sink, BatchReader reader, long batchId, List<RowTask> tasks, EvalContext context)
      throws Exception {
    List<WriterInput> started = new ArrayList<>();
    try {
      BatchReader.Result<WriterInput> done = reader.read(tasks, tasks.size(), context, run -> {
        WriterInput input = new WriterInput(() -> sink.taskWriter(run, batchId));
        started.add(input);
        return input;
      });
      List<WriterCommitMessage> messages = new ArrayList<>(done.inputs().size());
      long rows = 0;
      for (WriterInput input : done.inputs()) {
        messages.add(input.message());
        rows += input.rowsAdded();
      }
      sink.commit(batchId, messages);
      return rows;
    } catch (Exception e) {
      // Every task has ended (the reader waits for all): those that failed aborted their own
      // writers, and the sink hears of those that committed. After a failed Sink.commit that is
      // every task; the sink must not take back what that commit may have published.
      List<WriterCommitMessage> committed = started.stream().map(WriterInput::message).filter(Objects::nonNull).toList();
      try {
        sink.abort(batchId, committed);
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }
}
