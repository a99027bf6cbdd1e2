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
import java.util.UUID;

/**
 * Broken on purpose, the reverse of {@link MarkerFirstSinkProvider}: writes the batch's data
 * as a new part file (a fresh name per attempt, as writers of part files do), reports
 * {@link FaultPoint#INSIDE_SINK_WRITE}, and only then records the batch id. A crash between
 * leaves the rows visible and the batch unrecorded, and the replay writes them again. Must fail
 * K09 only.
 */
public final class DataFirstSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-data-first";
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
        URI part = RowFiles.child(RowFiles.dataDir(path), prefix + batchId + "-" + UUID.randomUUID());
        storage.createIfAbsent(part, RowFiles.encode(rows));
        context.faultInjector().reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
        storage.createIfAbsent(RowFiles.child(batchesDir, prefix + batchId), new byte[0]);
      }
    };
  }
}
