package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A correct exactly-once sink that writes per task. Each task's writer stages its rows in a file
 * {@code staging/<uuid>} at its commit and names that file in its message; the batch's commit
 * gathers the named files, in task order, into the batch's one data file (as the reference sink
 * writes it, create-if-absent, so the file is both the data and the record of the batch) and
 * deletes them. A batch already written, or an aborted one, only deletes what its tasks staged.
 */
class ReferenceTaskSink implements Sink {
  /** The staging file one task wrote. */
  record Staged(String uri) implements WriterCommitMessage {}

  final Storage storage;
  final URI path;
  final URI dataDir;
  final String prefix;
  final FaultInjector faults;

  ReferenceTaskSink(Storage storage, URI path, String queryId, FaultInjector faults) {
    this.storage = storage;
    this.path = path;
    this.dataDir = RowFiles.dataDir(path);
    this.prefix = RowFiles.batchPrefix(queryId);
    this.faults = faults;
  }

  @Override
  public DeliveryGuarantee guarantee() {
    return DeliveryGuarantee.EXACTLY_ONCE;
  }

  @Override
  public boolean writesPerTask() {
    return true;
  }

  @Override
  public TaskWriter createWriter(int partition, long batchId) {
    return new TaskWriter() {
      private final List<Row> rows = new ArrayList<>();

      @Override
      public void write(Row row) {
        rows.add(row);
      }

      @Override
      public WriterCommitMessage commit() throws IOException {
        return stage(partition, batchId, rows);
      }

      @Override
      public void abort() {
        rows.clear();
      }
    };
  }

  /** Writes a task's rows where no reader looks; what the task's message names. */
  WriterCommitMessage stage(int partition, long batchId, List<Row> rows) throws IOException {
    URI file = RowFiles.child(RowFiles.child(path, "staging/"), UUID.randomUUID().toString());
    storage.createIfAbsent(file, RowFiles.encode(rows));
    return new Staged(file.toString());
  }

  @Override
  public void commit(long batchId, List<WriterCommitMessage> messages) throws IOException {
    if (batchId > RowFiles.newestBatch(storage, dataDir, prefix)) {
      List<Row> rows = new ArrayList<>();
      for (WriterCommitMessage m : messages) {
        rows.addAll(RowFiles.decode(storage.readAll(URI.create(((Staged) m).uri()))));
      }
      faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
      storage.createIfAbsent(RowFiles.child(dataDir, prefix + batchId), RowFiles.encode(rows));
    }
    deleteStaged(messages);
  }

  @Override
  public void abort(long batchId, List<WriterCommitMessage> messages) throws IOException {
    deleteStaged(messages);
  }

  private void deleteStaged(List<WriterCommitMessage> messages) throws IOException {
    for (WriterCommitMessage m : messages) {
      storage.delete(URI.create(((Staged) m).uri()));
    }
  }
}
