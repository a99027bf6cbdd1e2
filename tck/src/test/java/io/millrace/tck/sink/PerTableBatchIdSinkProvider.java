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
 * Broken on purpose: the reference sink, except that its files are named {@code batch-<id>}
 * with no query in the name, so the batch ids it skips are the table's, not the query's: a
 * second query's batch 0 finds the first query's and is dropped. Must fail K11 only.
 */
public final class PerTableBatchIdSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-per-table-batch-id";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    Storage storage = context.storage(path);
    URI dataDir = RowFiles.dataDir(path);
    return new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) throws IOException {
        if (batchId <= RowFiles.newestBatch(storage, dataDir, "batch-")) {
          return;
        }
        List<Row> rows = new ArrayList<>();
        batch.forEach(rows::add);
        context.faultInjector().reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
        storage.createIfAbsent(RowFiles.child(dataDir, "batch-" + batchId), RowFiles.encode(rows));
      }
    };
  }
}
