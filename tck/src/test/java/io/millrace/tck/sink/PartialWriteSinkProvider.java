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
 * Broken on purpose: streams each batch out in files of two rows as it iterates, and records
 * the batch id durably ({@code batches/<query id>-<id>}) only at the end, so a crash part-way
 * leaves half a batch visible. It reports {@link FaultPoint#INSIDE_SINK_WRITE} after each file.
 * Must fail K04, and K09, which crashes it at those reports.
 */
public final class PartialWriteSinkProvider extends ReferenceSinkProvider {
  private static final int ROWS_PER_FILE = 2;

  @Override
  public String name() {
    return "tck-broken-partial-write";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    Storage storage = context.storage(path);
    URI dataDir = RowFiles.dataDir(path);
    URI batchesDir = RowFiles.child(path, "batches/");
    String marker = context.queryId() + "-";
    return new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) throws IOException {
        if (batchId <= RowFiles.newestBatch(storage, batchesDir, marker)) {
          return;
        }
        List<Row> pending = new ArrayList<>();
        int files = 0;
        for (Row row : batch) {
          pending.add(row);
          if (pending.size() == ROWS_PER_FILE) {
            flush(batchId, files++, pending);
          }
        }
        if (!pending.isEmpty()) {
          flush(batchId, files, pending);
        }
        storage.createIfAbsent(RowFiles.child(batchesDir, marker + batchId), new byte[0]);
      }

      private void flush(long batchId, int file, List<Row> rows) throws IOException {
        storage.createIfAbsent(RowFiles.child(dataDir, marker + batchId + "-part-" + file), RowFiles.encode(rows));
        rows.clear();
        context.faultInjector().reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
      }
    };
  }
}
