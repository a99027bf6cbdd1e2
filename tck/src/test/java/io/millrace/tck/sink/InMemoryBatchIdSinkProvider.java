package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Broken on purpose: writes each whole batch atomically, but remembers the last batch id only
 * in the instance, like a {@code latestBatchId} field; a fresh instance writes a replay again.
 * Must fail K02 only.
 */
public final class InMemoryBatchIdSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-in-memory-batch-id";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    Storage storage = context.storage(path);
    URI dataDir = RowFiles.dataDir(path);
    return new Sink() {
      private long lastBatchId = -1;

      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) throws IOException {
        if (batchId <= lastBatchId) {
          return;
        }
        List<Row> rows = new ArrayList<>();
        batch.forEach(rows::add);
        storage.createIfAbsent(RowFiles.child(dataDir, "batch-" + batchId + "-" + UUID.randomUUID()), RowFiles.encode(rows));
        lastBatchId = batchId;
      }
    };
  }
}
