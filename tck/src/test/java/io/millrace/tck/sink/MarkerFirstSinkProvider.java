package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Broken on purpose: takes the whole batch in hand, then records its id durably
 * ({@code batches/<query id>-<id>}) <em>before</em> writing its data file, and reports
 * {@link FaultPoint#INSIDE_SINK_WRITE} between the two. A crash there leaves the batch
 * recorded and its rows nowhere, and the replay skips it. Must fail K09 only.
 */
public final class MarkerFirstSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-marker-first";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    Storage storage = context.storage(path);
    URI batchesDir = RowFiles.child(path, "batches/");
    String prefix = RowFiles.batchPrefix(context.queryId());
    return new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) throws IOException {
        if (batchId <= RowFiles.newestBatch(storage, batchesDir, prefix)) {
          return;
        }
        List<Row> rows = new ArrayList<>();
        batch.forEach(rows::add);
        storage.createIfAbsent(RowFiles.child(batchesDir, prefix + batchId), new byte[0]);
        context.faultInjector().reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
        storage.createIfAbsent(RowFiles.child(RowFiles.dataDir(path), prefix + batchId), RowFiles.encode(rows));
      }
    };
  }
}
