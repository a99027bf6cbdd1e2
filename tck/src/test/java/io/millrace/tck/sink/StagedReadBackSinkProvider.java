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
 * Broken on purpose, in its read-back only: the sink stages each batch as
 * {@code data/<query id>-batch-<id>}, reports {@link FaultPoint#INSIDE_SINK_WRITE}, and commits
 * it with a marker of the same name in {@code committed/}; a replay rewrites the same staged
 * file and commits. That is correct, and its kit reads the marked files only. But
 * {@link #readBack} reads every data file, staged ones included, so after a crash between staging
 * and committing it shows rows the table does not hold. Must fail K12 only.
 */
public final class StagedReadBackSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-staged-read-back";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    Storage storage = context.storage(path);
    String prefix = RowFiles.batchPrefix(context.queryId());
    return new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) throws IOException {
        if (batchId <= RowFiles.newestBatch(storage, RowFiles.committedDir(path), prefix)) {
          return;
        }
        List<Row> rows = new ArrayList<>();
        batch.forEach(rows::add);
        String name = prefix + batchId;
        storage.createIfAbsent(RowFiles.child(RowFiles.dataDir(path), name), RowFiles.encode(rows));
        context.faultInjector().reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
        storage.createIfAbsent(RowFiles.child(RowFiles.committedDir(path), name), new byte[0]);
      }
    };
  }
}
