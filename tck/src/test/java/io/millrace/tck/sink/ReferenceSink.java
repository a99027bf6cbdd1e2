package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * A correct exactly-once sink: each batch becomes one file {@code data/<query id>-batch-<id>},
 * written atomically with create-if-absent once the whole batch is in hand. The file is both the
 * data and the durable record that the query wrote the batch, so a batch id at or below the
 * query's newest file is skipped, on any instance; other queries' files do not count.
 */
final class ReferenceSink implements Sink {
  private final Storage storage;
  private final URI dataDir;
  private final String prefix;
  private final FaultInjector faults;

  ReferenceSink(Storage storage, URI path, String queryId, FaultInjector faults) {
    this.storage = storage;
    this.dataDir = RowFiles.dataDir(path);
    this.prefix = RowFiles.batchPrefix(queryId);
    this.faults = faults;
  }

  @Override
  public DeliveryGuarantee guarantee() {
    return DeliveryGuarantee.EXACTLY_ONCE;
  }

  @Override
  public void addBatch(long batchId, Batch batch) throws IOException {
    if (batchId <= RowFiles.newestBatch(storage, dataDir, prefix)) {
      return;
    }
    List<Row> rows = new ArrayList<>();
    batch.forEach(rows::add);
    faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
    storage.createIfAbsent(RowFiles.child(dataDir, prefix + batchId), RowFiles.encode(rows));
  }
}
