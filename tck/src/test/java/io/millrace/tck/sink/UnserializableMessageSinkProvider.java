package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Broken on purpose: a task's commit message carries the task's rows themselves, and rows are
 * not serializable, so the message cannot reach a commit in another process. Within one process
 * it works. Must fail K13 only.
 */
public final class UnserializableMessageSinkProvider extends ReferenceSinkProvider {
  /** Holds the rows; {@code Row} is not {@code Serializable}. */
  record InlineRows(List<Row> rows) implements WriterCommitMessage {}

  @Override
  public String name() {
    return "tck-broken-unserializable-message";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    return new ReferenceTaskSink(context.storage(path), path, context.queryId(), context.faultInjector()) {
      @Override
      WriterCommitMessage stage(int partition, long batchId, List<Row> rows) {
        return new InlineRows(new ArrayList<>(rows));
      }

      @Override
      public void commit(long batchId, List<WriterCommitMessage> messages) throws IOException {
        if (batchId > RowFiles.newestBatch(storage, dataDir, prefix)) {
          List<Row> rows = new ArrayList<>();
          messages.forEach(m -> rows.addAll(((InlineRows) m).rows()));
          storage.createIfAbsent(RowFiles.child(dataDir, prefix + batchId), RowFiles.encode(rows));
        }
      }

      @Override
      public void abort(long batchId, List<WriterCommitMessage> messages) {}
    };
  }
}
