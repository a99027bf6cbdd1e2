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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A streaming aggregation over shuffle partitions. Batch N routes each input row by its group
 * key's key group to a partition; each partition's task loads state version N, folds the rows
 * into the running values, and prepares version N+1. Only when every partition has prepared do
 * they all commit, so a failing task aborts the whole batch's state; a batch that is run again
 * after a crash loads version N again and commits the same N+1.
 */
public final class StatefulAggregation implements StatefulOperator {
  public static final String OPERATOR_NAME = "stateStoreSave";
  private static final Logger LOG = LoggerFactory.getLogger(StatefulAggregation.class);

  private final AggregationPlan plan;
  private final long operatorId;
  private final OutputMode mode;
  private final KeyGroups keyGroups;
  private final RowCodec keyCodec;
  private final StateValueCodec values;
  /** Whether partials cross the exchange encoded ({@link ExchangeBlocks}) rather than as objects. */
  private final boolean encodedExchange;
  private final PartitionStores stores;
  private final ExecutorService pool;
  /**
   * Whether the watermark finishes groups: evicts them, and makes rows for them late. Never in
   * complete mode, which keeps every group and so counts every row, as Spark does.
   */
  private final boolean evictsByWatermark;
  /**
   * Whether rows whose event time is null are dropped and counted: in append mode, when the
   * grouping holds the event time. Their group would never be finished, so never emitted, and
   * would stay in state for good (Spark keeps it so, silently).
   */
  private final boolean dropsNullTimes;
  /** Whether this run of the query has said that it dropped rows for a null time, in no window or group. */
  private boolean withoutWindowLogged;
  private boolean nullTimesLogged;
  /**
   * The groups an input of the last batch had on average: the next batch's tables start at that
   * size instead of growing to it by rehashing (batches of one query are much alike). Capped, and
   * an average rather than the largest, so that one large catch-up batch or one skewed input
   * does not make every task of every later batch allocate a table that size up front.
   */
  private volatile int lastGroupsPerInput;
  private static final int MAX_PRESIZED_GROUPS = 1 << 20;
  /** Per state partition, how many groups the last batch touched: the size its map starts at. */
  private final int[] lastTouched;
  /** The watermark of the last committed eviction: no finished group is left at it. */
  private volatile long evictedThrough = Long.MIN_VALUE;
  /** Keys this batch's eviction read to find the finished groups: none where it removes key ranges. */
  private final LongAdder keysScannedToEvict = new LongAdder();

  public StatefulAggregation(long operatorId, AggregationPlan plan, OutputMode mode, StateStoreProviderFactory factory, URI checkpoint,
      Storage storage, int partitions, int maxKeyGroups, PluginContext context, ExecutorService pool,
      boolean encodedExchange) throws IOException {
    this.encodedExchange = encodedExchange;
    this.operatorId = operatorId;
    this.plan = plan;
    this.mode = mode;
    this.evictsByWatermark = plan.evictsByWatermark() && mode != OutputMode.COMPLETE;
    this.dropsNullTimes = plan.groupsByEventTime() && mode == OutputMode.APPEND;
    this.keyGroups = new KeyGroups(maxKeyGroups, partitions);
    this.lastTouched = new int[partitions];
    this.keyCodec = new RowCodec(plan.keySchema());
    this.values = new StateValueCodec(plan);
    this.pool = pool;
    URI operatorDir = checkpoint.resolve("state/" + operatorId + "/");
    StateSchemaFile.check(storage, operatorDir, OPERATOR_NAME, plan.keySchema(), plan.valueSchema());
    this.stores = new PartitionStores(factory, checkpoint, operatorId, partitions, plan.keySchema(),
        plan.valueSchema(), context);
    try {
      StateSchemaFile.record(storage, operatorDir, OPERATOR_NAME, plan.keySchema(), plan.valueSchema());
    } catch (IOException | RuntimeException e) {
      stores.close();
      throw e;
    }
  }

  /**
   * Checks, without writing anything, that the state in {@code checkpoint} (if any) was written
   * with this aggregation's schemas; called before the rest of the query is set up.
   */
  public static void checkStateSchema(long operatorId, AggregationPlan plan, URI checkpoint, Storage storage)
      throws IOException {
    StateSchemaFile.check(storage, checkpoint.resolve("state/" + operatorId + "/"), OPERATOR_NAME, plan.keySchema(),
        plan.valueSchema());
  }

  @Override
  public int readerTasks() {
    return keyGroups.partitions();
  }

  @Override
  public PartitionInput newInput(EvalContext context, long watermarkMicros) {
    return new PartialAggregation(plan, keyCodec, keyGroups, context,
        evictsByWatermark ? watermarkMicros : Long.MIN_VALUE, lastGroupsPerInput, dropsNullTimes,
        encodedExchange ? values : null);
  }

  /**
   * Runs batch {@code batchId} over its input partitions' partial aggregates (of the rows after
   * the operators before the aggregation). With a watermark, rows whose group is already
   * finished at it were dropped and counted on the map side, and finished groups are emitted
   * (append) or dropped silently (update) and their state removed; complete mode keeps
   * everything and drops no row.
   *
   * @param watermarkMicros the batch's watermark, or {@link Long#MIN_VALUE} when there is none
   */
  @Override
  public Result run(long batchId, List<PartitionInput> inputs, EvalContext context, Watermarks watermarks)
      throws Exception {
    long watermarkMicros = watermarks.evictionMicros();
    long dropped = 0;
    long withoutWindow = 0;
    long nullTimes = 0;
    long groups = 0;
    long exchangeBytes = 0;
    for (PartitionInput in : inputs) {
      exchangeBytes += ((PartialAggregation) in).exchangeBytes();
      dropped += ((PartialAggregation) in).dropped();
      withoutWindow += ((PartialAggregation) in).withoutWindow();
      nullTimes += ((PartialAggregation) in).nullTimes();
      groups += ((PartialAggregation) in).groupCount();
    }
    lastGroupsPerInput = inputs.isEmpty() ? 0 : (int) Math.min(MAX_PRESIZED_GROUPS, groups / inputs.size());
    boolean evict = watermarkMicros != Long.MIN_VALUE && evictsByWatermark;
    keysScannedToEvict.reset();
    Result result = PartitionedCommit.run(stores, pool, batchId, keyGroups.partitions(),
        (partition, store) -> prepare(store, partition, inputs, evict, watermarkMicros),
        OPERATOR_NAME, dropped);
    if (evict) {
      evictedThrough = watermarkMicros;
    }
    Map<String, Long> custom = new TreeMap<>();
    custom.put("numKeysScannedToEvict", keysScannedToEvict.sum());
    if (plan.hasWindow()) {
      custom.put("numRowsWithoutWindow", withoutWindow);
    }
    if (dropsNullTimes) {
      custom.put("numRowsWithNullEventTime", nullTimes);
    }
    if (encodedExchange) {
      custom.put("exchangeBytes", exchangeBytes);
    }
    logDropped(batchId, withoutWindow, nullTimes);
    return result.withCustomMetrics(custom);
  }

  /** Says, once per run of the query for each reason, that rows were dropped for a null time. */
  private void logDropped(long batchId, long withoutWindow, long nullTimes) {
    if (withoutWindow > 0 && !withoutWindowLogged) {
      withoutWindowLogged = true;
      LOG.warn("{}: batch {} dropped {} row(s) whose window(..) time is null, which are in no window (counted in "
          + "customMetrics.numRowsWithoutWindow; logged once per run of the query)", OPERATOR_NAME, batchId,
          withoutWindow);
    }
    if (nullTimes > 0 && !nullTimesLogged) {
      nullTimesLogged = true;
      LOG.warn("{}: batch {} dropped {} row(s) whose event time is null: append mode emits a group once the "
          + "watermark passes its time, which it never does for theirs (counted in "
          + "customMetrics.numRowsWithNullEventTime; logged once per run of the query)", OPERATOR_NAME, batchId,
          nullTimes);
    }
  }

  private PartitionedCommit.Outcome prepare(StateStore store, int partition, List<PartitionInput> inputs, boolean evict,
      long watermarkMicros) {
    Map<EncodedKey, PartialAggregation.Partial> touched = touchedGroups(store, partition, inputs);
    lastTouched[partition] = touched.size(); // each partition's task is the only one to touch its slot
    List<Row> out = new ArrayList<>();
    writeTouched(store, touched, mode == OutputMode.UPDATE ? out : null);
    if (mode == OutputMode.COMPLETE) {
      out.addAll(wholeResult(store));
    }
    long removed = evict ? evictFinished(store, watermarkMicros, mode == OutputMode.APPEND ? out : null) : 0;
    return new PartitionedCommit.Outcome(out, touched.size(), removed);
  }

  /**
   * Each group the batch touches in this partition, with its running value: the stored one with
   * every partial of the batch folded in. Kept in first-seen order, the order of the output.
   */
  private Map<EncodedKey, PartialAggregation.Partial> touchedGroups(StateStore store, int partition,
      List<PartitionInput> inputs) {
    Map<EncodedKey, PartialAggregation.Partial> touched = new LinkedHashMap<>(lastTouched[partition] * 4 / 3 + 16);
    for (PartitionInput in : inputs) {
      for (PartialAggregation.Partial r : ((PartialAggregation) in).routedTo(partition)) {
        PartialAggregation.Partial group = touched.get(r.key());
        if (group == null) {
          byte[] stored = store.get(r.key().bytes);
          if (stored == null) {
            group = r; // the first partial of a new group is its running value
          } else {
            AggBuffer buffer = values.decode(stored);
            plan.merge(buffer, r.buffer());
            group = new PartialAggregation.Partial(r.key(), r.keyRow(), buffer);
          }
          touched.put(r.key(), group);
        } else {
          plan.merge(group.buffer(), r.buffer());
        }
      }
    }
    return touched;
  }

  /** Puts each touched group's new value, and adds its output row to {@code updates} when given. */
  private void writeTouched(StateStore store, Map<EncodedKey, PartialAggregation.Partial> touched, List<Row> updates) {
    for (PartialAggregation.Partial g : touched.values()) {
      store.put(g.key().bytes, values.encode(g.buffer()));
      if (updates != null) {
        updates.add(plan.output(g.keyRow(), g.buffer()));
      }
    }
  }

  /**
   * Removes the groups finished at the watermark, adding their final rows to {@code emit} when
   * given (append mode), in encoded-key order so a replay emits the same rows.
   */
  private long evictFinished(StateStore store, long watermarkMicros, List<Row> emit) {
    if (plan.eventTimeLeadsKey() && store.supportsRangeScan()) {
      return evictFinishedRanges(store, watermarkMicros, emit);
    }
    // Three loops in three methods: each compiles on its own, where one method holding all of
    // them was the JIT's largest compilation, over a second of a two-core run's warm-up.
    List<KeyValue> finished = finishedGroups(store, watermarkMicros);
    sortByKey(finished);
    if (emit != null) {
      emitAll(finished, emit);
    }
    removeAll(store, finished);
    return finished.size();
  }

  /**
   * Removes the finished groups where they are one or two key ranges: the store reads only
   * them, and drops them a range at a time, where the scan read every group of the state. The
   * ranges come in key order, so the emitted rows are in the order the scan sorted them into.
   */
  private long evictFinishedRanges(StateStore store, long watermarkMicros, List<Row> emit) {
    long removed = 0;
    for (byte[][] range : plan.finishedKeyRanges(evictedThrough, watermarkMicros)) {
      if (emit != null) {
        List<KeyValue> finished = new ArrayList<>();
        store.range(range[0], range[1]).forEachRemaining(finished::add);
        sortByKey(finished); // a check only, for stores that keep their promise of key order
        emitAll(finished, emit);
      }
      removed += store.removeRange(range[0], range[1]);
    }
    return removed;
  }

  private List<KeyValue> finishedGroups(StateStore store, long watermarkMicros) {
    List<KeyValue> finished = new ArrayList<>();
    long scanned = 0;
    for (Iterator<KeyValue> it = store.iterator(); it.hasNext(); ) {
      KeyValue kv = it.next();
      scanned++;
      if (plan.finished(keyCodec, kv.key(), watermarkMicros)) {
        finished.add(kv);
      }
    }
    keysScannedToEvict.add(scanned);
    return finished;
  }

  private void emitAll(List<KeyValue> groups, List<Row> emit) {
    for (KeyValue kv : groups) {
      emit.add(plan.output(keyCodec.decode(kv.key()), values.decode(kv.value())));
    }
  }

  private static void removeAll(StateStore store, List<KeyValue> entries) {
    for (KeyValue kv : entries) {
      store.remove(kv.key());
    }
  }

  /** Every group, ordered by encoded key so a replayed batch emits the same rows in the same order. */
  private List<Row> wholeResult(StateStore store) {
    List<KeyValue> all = new ArrayList<>();
    store.iterator().forEachRemaining(all::add);
    sortByKey(all);
    List<Row> out = new ArrayList<>(all.size());
    for (KeyValue kv : all) {
      out.add(plan.output(keyCodec.decode(kv.key()), values.decode(kv.value())));
    }
    return out;
  }

  /**
   * Sorts entries by key. Stores need not iterate in key order, but both built-in ones do, so
   * the entries are checked first and sorted only when they are not already in order.
   */
  private static void sortByKey(List<KeyValue> entries) {
    for (int i = 1; i < entries.size(); i++) {
      if (Arrays.compareUnsigned(entries.get(i - 1).key(), entries.get(i).key()) > 0) {
        entries.sort((a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
        return;
      }
    }
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
