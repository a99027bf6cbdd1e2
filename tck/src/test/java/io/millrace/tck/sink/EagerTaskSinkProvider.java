package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * Broken on purpose: each task publishes its rows into the data directory at its own commit, and
 * the batch's commit only records the batch id, so a batch is visible task by task before it
 * commits. Must fail K04 and K09 (a crash part-way leaves the finished tasks' rows), K13 and K14.
 */
public final class EagerTaskSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-eager-task";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    return new ReferenceTaskSink(context.storage(path), path, context.queryId(), context.faultInjector()) {
      @Override
      WriterCommitMessage stage(int partition, long batchId, List<Row> rows) throws IOException {
        if (batchId > RowFiles.newestBatch(storage, RowFiles.committedDir(path), prefix)) {
          storage.createIfAbsent(RowFiles.child(dataDir, "task-" + batchId + "-" + partition + "-" + java.util.UUID.randomUUID()),
              RowFiles.encode(rows));
        }
        return new Staged("");
      }

      @Override
      public void commit(long batchId, List<WriterCommitMessage> messages) throws IOException {
        storage.createIfAbsent(RowFiles.child(RowFiles.committedDir(path), prefix + batchId), new byte[0]);
      }

      @Override
      public void abort(long batchId, List<WriterCommitMessage> messages) {}
    };
  }
}
