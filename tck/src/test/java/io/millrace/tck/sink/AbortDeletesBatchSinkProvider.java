package io.millrace.tck.sink;

import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * Broken on purpose: an abort cleans up by deleting the batch's data file as well as what its
 * tasks staged, so aborting a replay of a batch that was already committed takes the committed
 * batch away. Must fail K14 only.
 */
public final class AbortDeletesBatchSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-abort-deletes-batch";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    return new ReferenceTaskSink(context.storage(path), path, context.queryId(), context.faultInjector()) {
      @Override
      public void abort(long batchId, List<WriterCommitMessage> messages) throws IOException {
        super.abort(batchId, messages);
        storage.delete(RowFiles.child(dataDir, prefix + batchId));
      }
    };
  }
}
