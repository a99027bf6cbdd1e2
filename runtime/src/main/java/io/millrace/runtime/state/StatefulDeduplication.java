package io.millrace.runtime.state;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streaming deduplication over key-grouped partitions: the first row of each key passes, later
 * copies are dropped (and counted in {@code numDroppedDuplicateRows}); the keys seen are kept in
 * state, bounded by the watermark as {@link DeduplicationPlan} describes.
 */
public final class StatefulDeduplication implements StatefulOperator {
  private static final Logger LOG = LoggerFactory.getLogger(StatefulDeduplication.class);

  private final DeduplicationPlan plan;
  private final KeyGroups keyGroups;
  private final RowCodec keyCodec;
  private final RowCodec valueCodec;
  /** Encodes the input rows in the exchange; null where they cross as objects. */
  private final RowCodec exchangeRows;
  private final PartitionStores stores;
  private final ExecutorService pool;
  private final byte[] seen;
  /** Keys this batch's eviction read to find the expired ones: none where it removes key ranges. */
  private final LongAdder keysScannedToEvict = new LongAdder();
  /** The watermark of the last committed eviction: no key at or before it is left. */
  private volatile long evictedThrough = Long.MIN_VALUE;
  /** Whether this run of the query has said how it treats rows with a null event time. */
  private boolean nullTimesLogged;

  public StatefulDeduplication(long operatorId, DeduplicationPlan plan, StateStoreProviderFactory factory, URI checkpoint, Storage storage,
      int partitions, int maxKeyGroups, PluginContext context, ExecutorService pool, Schema exchangeSchema)
      throws IOException {
    this.exchangeRows = exchangeSchema == null ? null : new RowCodec(exchangeSchema);
    plan = inRecordedKeyOrder(operatorId, plan, checkpoint, storage, true);
    this.plan = plan;
    this.keyGroups = new KeyGroups(maxKeyGroups, partitions);
    this.keyCodec = new RowCodec(plan.keySchema());
    this.valueCodec = new RowCodec(plan.valueSchema());
    // The value of every key dropDuplicates remembers is the same; stores may keep the arrays
    // they are given, so all of them share this one.
    this.seen = plan.withinWatermark() ? null : valueCodec.encode(plan.remember(null));
    this.pool = pool;
    URI operatorDir = checkpoint.resolve("state/" + operatorId + "/");
    StateSchemaFile.check(storage, operatorDir, plan.operatorName(), plan.keySchema(), plan.valueSchema());
    this.stores = new PartitionStores(factory, checkpoint, operatorId, partitions, plan.keySchema(), plan.valueSchema(),
        context);
    try {
      StateSchemaFile.record(storage, operatorDir, plan.operatorName(), plan.keySchema(), plan.valueSchema());
    } catch (IOException | RuntimeException e) {
      stores.close();
      throw e;
    }
  }

  /** Checks, without writing, that existing state was written with this deduplication's schemas. */
  public static void checkStateSchema(long operatorId, DeduplicationPlan plan, URI checkpoint, Storage storage)
      throws IOException {
    plan = inRecordedKeyOrder(operatorId, plan, checkpoint, storage, false);
    StateSchemaFile.check(storage, checkpoint.resolve("state/" + operatorId + "/"), plan.operatorName(),
        plan.keySchema(), plan.valueSchema());
  }

  /** The plan in the key order the checkpoint's state has, saying so when that is not the plan's own. */
  private static DeduplicationPlan inRecordedKeyOrder(long operatorId, DeduplicationPlan plan, URI checkpoint,
      Storage storage,
      boolean log) throws IOException {
    URI operatorDir = checkpoint.resolve("state/" + operatorId + "/");
    DeduplicationPlan kept = StateSchemaFile.recordedKey(storage, operatorDir).map(plan::inKeyOrderOf).orElse(plan);
    if (log && kept != plan) {
      LOG.warn("the state of {} in {} keeps its key order [{}] rather than [{}]{}", plan.operatorName(), operatorDir,
          kept.keySchema().toDdl(), plan.keySchema().toDdl(), plan.eventTimeLeadsKey() && !kept.eventTimeLeadsKey()
              ? ": the watermark's eviction reads every key each batch; a new checkpoint would keep the event time"
                  + " first and read only the expired keys"
              : "");
    }
    return kept;
  }

  @Override
  public int readerTasks() {
    return keyGroups.partitions();
  }

  @Override
  public PartitionInput newInput(EvalContext context, long watermarkMicros) {
    return new RoutedRows(plan, keyCodec, keyGroups, watermarkMicros, exchangeRows);
  }

  @Override
  public Result run(long batchId, List<PartitionInput> inputs, EvalContext context, Watermarks watermarks)
      throws Exception {
    long watermarkMicros = watermarks.evictionMicros();
    boolean watermarked = watermarkMicros != Long.MIN_VALUE && plan.evictsByWatermark();
    keysScannedToEvict.reset();
    long rows = 0;
    long late = 0;
    long nullTimes = 0;
    long exchangeBytes = 0;
    for (PartitionInput in : inputs) {
      rows += in.rowsAdded();
      exchangeBytes += ((RoutedRows) in).exchangeBytes();
      late += ((RoutedRows) in).late();
      nullTimes += ((RoutedRows) in).nullTimes();
    }
    Result result = PartitionedCommit.run(stores, pool, batchId, keyGroups.partitions(),
        (partition, store) -> dedupe(store, partition, inputs, watermarked, watermarkMicros),
        plan.operatorName(), late);
    if (watermarked) {
      evictedThrough = watermarkMicros;
    }
    Map<String, Long> custom = new TreeMap<>();
    custom.put("numDroppedDuplicateRows", rows - late - result.rows().size());
    custom.put("numKeysScannedToEvict", keysScannedToEvict.sum());
    if (plan.withinWatermark()) {
      logNullTimes(batchId, nullTimes);
      custom.put("numRowsWithNullEventTime", nullTimes);
    }
    if (exchangeRows != null) {
      custom.put("exchangeBytes", exchangeBytes);
    }
    return result.withCustomMetrics(custom);
  }

  private void logNullTimes(long batchId, long nullTimes) {
    if (nullTimes > 0 && !nullTimesLogged) {
      nullTimesLogged = true;
      LOG.warn("{}: batch {} has {} row(s) whose event time is null; as in Spark, each counts as 1970-01-01T00:00Z, "
          + "so its key is forgotten by the next eviction and later copies pass (counted in "
          + "customMetrics.numRowsWithNullEventTime; logged once per run of the query)", plan.operatorName(), batchId,
          nullTimes);
    }
  }

  private PartitionedCommit.Outcome dedupe(StateStore store, int partition, List<PartitionInput> inputs,
      boolean watermarked, long watermarkMicros) {
    int routed = 0;
    for (PartitionInput in : inputs) {
      routed += ((RoutedRows) in).routedTo(partition).size();
    }
    List<Row> out = new ArrayList<>(routed);
    for (PartitionInput in : inputs) {
      RoutedRows.Bucket bucket = ((RoutedRows) in).routedTo(partition);
      for (int i = 0; i < bucket.size(); i++) {
        byte[] key = bucket.key(i);
        Row row = bucket.row(i);
        // Each row is tested against the keys remembered before the watermark forgets any, as
        // in Spark: a key that expires at this batch's watermark still drops the copies this
        // batch brings, and is forgotten after them. A copy later in the batch finds the first
        // one's put: a store reads its own uncommitted writes. (For dropDuplicates every row
        // remembers the same value; for dropDuplicatesWithinWatermark, when its key expires.)
        if (store.putIfAbsent(key, seen != null ? seen : valueCodec.encode(plan.remember(row))) == null) {
          out.add(row);
        }
      }
    }
    long removed = watermarked ? evictExpired(store, watermarkMicros) : 0;
    return new PartitionedCommit.Outcome(out, out.size(), removed);
  }

  private long evictExpired(StateStore store, long watermarkMicros) {
    if (plan.eventTimeLeadsKey() && store.supportsRangeScan()) {
      long removed = 0;
      for (byte[][] range : plan.expiredKeyRanges(evictedThrough, watermarkMicros)) {
        removed += store.removeRange(range[0], range[1]);
      }
      return removed;
    }
    List<byte[]> expired = new ArrayList<>();
    long scanned = 0;
    for (Iterator<KeyValue> it = store.iterator(); it.hasNext(); ) {
      KeyValue kv = it.next();
      scanned++;
      if (plan.expired(keyCodec, kv.key(), valueCodec, kv.value(), watermarkMicros)) {
        expired.add(kv.key());
      }
    }
    keysScannedToEvict.add(scanned);
    expired.forEach(store::remove);
    return expired.size();
  }

  @Override
  public void maintain() {
    stores.maintain();
  }

  @Override
  public void close() {
    stores.close();
  }
}
