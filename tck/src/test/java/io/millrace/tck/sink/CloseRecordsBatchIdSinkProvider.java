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
 * Broken on purpose: writes each whole batch as a new part file and remembers its id in the
 * instance, but records the ids durably only in {@code close()}. A clean restart finds them; a
 * crash forgets them, and the replay writes the batch again. Must fail K03 only.
 */
public final class CloseRecordsBatchIdSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-close-records-batch-id";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    Storage storage = context.storage(path);
    URI batchesDir = RowFiles.child(path, "batches/");
    String prefix = RowFiles.batchPrefix(context.queryId());
    return new Sink() {
      private long last = RowFiles.newestBatch(storage, batchesDir, prefix);

      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) throws IOException {
        if (batchId <= last) {
          return;
        }
        List<Row> rows = new ArrayList<>();
        batch.forEach(rows::add);
        storage.createIfAbsent(RowFiles.child(RowFiles.dataDir(path), prefix + batchId + "-" + UUID.randomUUID()),
            RowFiles.encode(rows));
        last = batchId;
      }

      @Override
      public void close() throws IOException {
        if (last >= 0) {
          storage.createIfAbsent(RowFiles.child(batchesDir, prefix + last), new byte[0]);
        }
      }
    };
  }
}
