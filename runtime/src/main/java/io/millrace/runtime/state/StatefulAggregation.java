package io.millrace.runtime.state;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;

/**
 * A streaming aggregation over shuffle partitions. Batch N routes each input row by its group
 * key's key group to a partition; each partition's task loads state version N, folds the rows
 * into the running values, and prepares version N+1. Only when every partition has prepared do
 * they all commit, so a failing task aborts the whole batch's state; a batch that is run again
 * after a crash loads version N again and commits the same N+1.
 */
public final class StatefulAggregation implements StatefulOperator {
  static final String OPERATOR_NAME = "stateStoreSave";
  private static final long OPERATOR_ID = 0;

  private final AggregationPlan plan;
  private final OutputMode mode;
  private final KeyGroups keyGroups;
  private final RowCodec keyCodec;
  private final RowCodec valueCodec;
  private final PartitionStores stores;
  private final ExecutorService pool;

  public StatefulAggregation(AggregationPlan plan, OutputMode mode, StateStoreProviderFactory factory, URI checkpoint,
      Storage storage, int partitions, int maxKeyGroups, PluginContext context, ExecutorService pool) throws IOException {
    this.plan = plan;
    this.mode = mode;
    this.keyGroups = new KeyGroups(maxKeyGroups, partitions);
    this.keyCodec = new RowCodec(plan.keySchema());
    this.valueCodec = new RowCodec(plan.valueSchema());
    this.pool = pool;
    StateSchemaFile.recordOrCheck(storage, checkpoint.resolve("state/" + OPERATOR_ID + "/"), OPERATOR_NAME,
        plan.keySchema(), plan.valueSchema());
    this.stores = new PartitionStores(factory, checkpoint, OPERATOR_ID, partitions, plan.keySchema(),
        plan.valueSchema(), context);
  }

  /**
   * Checks, without writing anything, that the state in {@code checkpoint} (if any) was written
   * with this aggregation's schemas; called before the rest of the query is set up.
   */
  public static void checkStateSchema(AggregationPlan plan, URI checkpoint, Storage storage) throws IOException {
    StateSchemaFile.check(storage, checkpoint.resolve("state/" + OPERATOR_ID + "/"), OPERATOR_NAME, plan.keySchema(),
        plan.valueSchema());
  }

  /** One routed input row. */
  private record Routed(ByteBuffer key, Row keyRow, Row input) {}

  /**
   * Runs batch {@code batchId} over its input rows (after the operators before the
   * aggregation). With a watermark, rows whose group is already finished at it are dropped
   * and counted, and finished groups are emitted (append) or dropped silently (update) and
   * their state removed; complete mode keeps everything.
   *
   * @param watermarkMicros the batch's watermark, or {@link Long#MIN_VALUE} when there is none
   */
  @Override
  public Result run(long batchId, List<Row> input, EvalContext context, long watermarkMicros) throws Exception {
    List<List<Routed>> buckets = new ArrayList<>();
    for (int p = 0; p < keyGroups.partitions(); p++) {
      buckets.add(new ArrayList<>());
    }
    boolean late = watermarkMicros != Long.MIN_VALUE && plan.evictsByWatermark();
    long dropped = 0;
    for (Row row : input) {
      boolean kept = false;
      for (Row key : plan.keys(row, context)) {
        if (late && plan.finished(key, watermarkMicros)) {
          continue;
        }
        kept = true;
        byte[] encoded = keyCodec.encode(key);
        buckets.get(keyGroups.partition(encoded)).add(new Routed(ByteBuffer.wrap(encoded), key, row));
      }
      // Counted as input rows, unlike Spark, which counts partially aggregated rows.
      dropped += kept ? 0 : 1;
    }
    boolean evict = late && mode != OutputMode.COMPLETE;
    return PartitionedCommit.run(stores, pool, batchId, keyGroups.partitions(),
        (partition, store) -> prepare(store, buckets.get(partition), context, evict, watermarkMicros),
        OPERATOR_NAME, dropped);
  }

  private PartitionedCommit.Outcome prepare(StateStore store, List<Routed> rows, EvalContext context, boolean evict,
      long watermarkMicros) {
    Map<ByteBuffer, Object[]> touched = new LinkedHashMap<>();
    Map<ByteBuffer, Row> keys = new LinkedHashMap<>();
    for (Routed r : rows) {
      Object[] buffer = touched.get(r.key());
      if (buffer == null) {
        byte[] stored = store.get(r.key().array());
        buffer = stored == null ? plan.newBuffer() : valueCodec.decode(stored).toArray();
        touched.put(r.key(), buffer);
        keys.put(r.key(), r.keyRow());
      }
      plan.update(buffer, r.input(), context);
    }
    List<Row> out = new ArrayList<>();
    for (Map.Entry<ByteBuffer, Object[]> e : touched.entrySet()) {
      store.put(e.getKey().array(), valueCodec.encode(Row.of(e.getValue())));
      if (mode == OutputMode.UPDATE) {
        out.add(plan.output(keys.get(e.getKey()), e.getValue()));
      }
    }
    if (mode == OutputMode.COMPLETE) {
      out.addAll(wholeResult(store));
    }
    long removed = evict ? evictFinished(store, watermarkMicros, mode == OutputMode.APPEND ? out : null) : 0;
    return new PartitionedCommit.Outcome(out, touched.size(), removed);
  }

  /**
   * Removes the groups finished at the watermark, adding their final rows to {@code emit} when
   * given (append mode), in encoded-key order so a replay emits the same rows.
   */
  private long evictFinished(StateStore store, long watermarkMicros, List<Row> emit) {
    TreeMap<byte[], byte[]> finished = new TreeMap<>(Arrays::compare);
    for (Iterator<KeyValue> it = store.iterator(); it.hasNext(); ) {
      KeyValue kv = it.next();
      if (plan.finished(keyCodec.decode(kv.key()), watermarkMicros)) {
        finished.put(kv.key(), kv.value());
      }
    }
    for (Map.Entry<byte[], byte[]> e : finished.entrySet()) {
      if (emit != null) {
        emit.add(plan.output(keyCodec.decode(e.getKey()), valueCodec.decode(e.getValue()).toArray()));
      }
      store.remove(e.getKey());
    }
    return finished.size();
  }

  /** Every group, ordered by encoded key so a replayed batch emits the same rows in the same order. */
  private List<Row> wholeResult(StateStore store) {
    TreeMap<byte[], byte[]> all = new TreeMap<>(Arrays::compare);
    for (Iterator<KeyValue> it = store.iterator(); it.hasNext(); ) {
      KeyValue kv = it.next();
      all.put(kv.key(), kv.value());
    }
    List<Row> out = new ArrayList<>(all.size());
    all.forEach((k, v) -> out.add(plan.output(keyCodec.decode(k), valueCodec.decode(v).toArray())));
    return out;
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
