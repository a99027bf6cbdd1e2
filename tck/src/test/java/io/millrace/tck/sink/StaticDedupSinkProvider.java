package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.storage.Storage;
import io.millrace.tck.TckStorage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Broken on purpose: writes each whole batch as one new part file through a client of its own
 * (as a database driver would, not through {@code PluginContext.storage()}), and keeps the last
 * batch id written per table and query in a static field, as if a restart always happened in the
 * same JVM. Every fresh instance in this JVM skips a replay; a new process writes it again. Must
 * fail K10 only.
 */
public final class StaticDedupSinkProvider extends ReferenceSinkProvider {
  private static final Map<String, Long> LAST_WRITTEN = new ConcurrentHashMap<>();

  @Override
  public String name() {
    return "tck-broken-static-dedup";
  }

  @Override
  Sink create(SinkContext context, URI path) {
    Storage storage = TckStorage.forUri(path);
    String key = path + " " + context.queryId();
    String prefix = RowFiles.batchPrefix(context.queryId());
    return new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) throws IOException {
        if (batchId <= LAST_WRITTEN.getOrDefault(key, -1L)) {
          return;
        }
        List<Row> rows = new ArrayList<>();
        batch.forEach(rows::add);
        URI part = RowFiles.child(RowFiles.dataDir(path), prefix + batchId + "-" + UUID.randomUUID());
        storage.createIfAbsent(part, RowFiles.encode(rows));
        LAST_WRITTEN.put(key, batchId);
      }
    };
  }
}
