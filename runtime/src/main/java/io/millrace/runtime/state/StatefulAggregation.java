package io.millrace.runtime.state;

import io.millrace.api.StateOperatorProgress;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreMetrics;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * A streaming aggregation over shuffle partitions. Batch N routes each input row by its group
 * key's key group to a partition; each partition's task loads state version N, folds the rows
 * into the running values, and prepares version N+1. Only when every partition has prepared do
 * they all commit, so a failing task aborts the whole batch's state; a batch that is run again
 * after a crash loads version N again and commits the same N+1.
 */
public final class StatefulAggregation implements AutoCloseable {
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

  /** What one batch produced: the rows for the sink and the operator's figures. */
  public record Result(List<Row> rows, StateOperatorProgress progress) {}

  /** One routed input row. */
  private record Routed(ByteBuffer key, Row keyRow, Row input) {}

  /** One partition's prepared, uncommitted work. */
  private record Prepared(StateStore store, List<Row> rows, long updated, long removed) {}

  /**
   * Runs batch {@code batchId} over its input rows (after the operators before the
   * aggregation). With a watermark, rows whose group is already finished at it are dropped
   * and counted, and finished groups are emitted (append) or dropped silently (update) and
   * their state removed; complete mode keeps everything.
   *
   * @param watermarkMicros the batch's watermark, or {@link Long#MIN_VALUE} when there is none
   */
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
    List<Future<Prepared>> prepared = new ArrayList<>();
    for (int p = 0; p < buckets.size(); p++) {
      int partition = p;
      prepared.add(pool.submit(() -> prepare(partition, batchId, buckets.get(partition), context, evict, watermarkMicros)));
    }
    List<Prepared> ready = await(prepared, null);
    List<Future<Long>> commits = new ArrayList<>();
    for (Prepared r : ready) {
      commits.add(pool.submit(() -> {
        long t0 = System.nanoTime();
        r.store().commit();
        return (System.nanoTime() - t0) / 1_000_000;
      }));
    }
    long commitMs = 0;
    for (long ms : await(commits, ready)) {
      commitMs += ms;
    }
    return new Result(rowsOf(ready), progress(ready, commitMs, dropped));
  }

  private Prepared prepare(int partition, long batchId, List<Routed> rows, EvalContext context, boolean evict,
      long watermarkMicros) {
    StateStore store = stores.provider(partition).getStore(batchId);
    try {
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
      return new Prepared(store, out, touched.size(), removed);
    } catch (RuntimeException | Error e) {
      store.abort();
      throw e;
    }
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

  /** Waits for every task; if one failed, aborts every store not yet committed and throws its cause. */
  private static <T> List<T> await(List<Future<T>> futures, List<Prepared> toAbortOnFailure) throws Exception {
    List<T> results = new ArrayList<>();
    Exception failure = null;
    for (Future<T> f : futures) {
      try {
        results.add(f.get());
      } catch (ExecutionException e) {
        if (failure == null) {
          failure = e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
      }
    }
    if (failure != null) {
      List<?> open = toAbortOnFailure != null ? toAbortOnFailure : results;
      for (Object o : open) {
        if (o instanceof Prepared && !((Prepared) o).store().hasCommitted()) {
          ((Prepared) o).store().abort();
        }
      }
      throw failure;
    }
    return results;
  }

  private static List<Row> rowsOf(List<Prepared> ready) {
    List<Row> rows = new ArrayList<>();
    for (Prepared r : ready) {
      rows.addAll(r.rows());
    }
    return rows;
  }

  private StateOperatorProgress progress(List<Prepared> ready, long commitMs, long dropped) {
    long total = 0;
    long updated = 0;
    long removed = 0;
    long memory = 0;
    Map<String, Long> custom = new TreeMap<>();
    for (Prepared r : ready) {
      StateStoreMetrics m = r.store().metrics();
      total += m.numKeys();
      memory += m.memoryUsedBytes();
      updated += r.updated();
      removed += r.removed();
      m.customMetrics().forEach((k, v) -> custom.merge(k, v, Long::sum));
    }
    custom.put("maintenanceFailures", stores.maintenanceFailures());
    return new StateOperatorProgress(OPERATOR_NAME, total, updated, removed, dropped, commitMs, memory, keyGroups.partitions(),
        keyGroups.partitions(), custom);
  }

  /** Background housekeeping of every partition's store. */
  public void maintain() {
    stores.maintain();
  }

  @Override
  public void close() {
    stores.close();
  }
}
