package io.millrace.runtime.state;

import io.millrace.api.StateOperatorProgress;
import io.millrace.api.state.ExpiredTimerInfo;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.state.keyed.ExpiredTimer;
import io.millrace.runtime.state.keyed.KeyedPartitionState;
import io.millrace.runtime.state.keyed.KeyedStateBackend;
import io.millrace.runtime.state.keyed.KeyedStateMetrics;
import io.millrace.spi.data.Row;
import io.millrace.spi.PluginContext;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * {@code transformWithState} over key-grouped partitions, as Spark 4.0's
 * {@code TransformWithStateExec}: each batch, in each partition, a new processor declares its
 * state, {@code handleInputRows} runs once for each key with rows (keys in the order of their
 * encoding), then {@code handleExpiredTimer} once for each timer that is due (at or before this
 * batch's watermark under event time, its processing time under processing time; earliest
 * first), then the values whose TTL expired are removed, then the processor closes. Every
 * partition prepares before any commits, so a batch is never half-applied.
 *
 * <p>A fired timer is removed before its handler runs, so the handler may set it again (Spark
 * removes it after the handler, losing such a timer); otherwise as Spark.
 */
public final class StatefulTransformWithState implements StatefulOperator {
  private final TransformWithStatePlan plan;
  private final KeyGroups keyGroups;
  private final RowCodec keyCodec;
  private final KeyedStateBackend backend;
  private final ExecutorService pool;
  /**
   * The earliest processing-time timer after the last batch: none on a new checkpoint; on a
   * restart unknown (so due) until a batch ran and found out.
   */
  private volatile long nextProcessingTimerMs;
  /** Batch 0's initial state while that batch runs; otherwise null. */
  private volatile InitialStateRows initialRows;
  /** Time the running batch's partitions spent on the initial state (progress: initialStateProcessingTimeMs). */
  private final java.util.concurrent.atomic.LongAdder initialStateNanos = new java.util.concurrent.atomic.LongAdder();

  public StatefulTransformWithState(long operatorId, TransformWithStatePlan plan, StateStoreProviderFactory factory,
      URI checkpoint, Storage storage, int partitions, int maxKeyGroups, PluginContext context, ExecutorService pool)
      throws IOException {
    this.plan = plan;
    this.keyGroups = new KeyGroups(maxKeyGroups, partitions);
    this.keyCodec = new RowCodec(plan.keySchema());
    this.pool = pool;
    this.nextProcessingTimerMs = KeyedStateBackend.recorded(checkpoint, storage, operatorId) ? Long.MIN_VALUE
        : Long.MAX_VALUE;
    this.backend = new KeyedStateBackend(plan.spec(), factory, checkpoint, storage, operatorId, keyGroups, context);
  }

  /** Checks, without writing, that the checkpoint's state of the operator was declared as the processor declares it. */
  public static void checkStateSchema(long operatorId, TransformWithStatePlan plan, URI checkpoint, Storage storage)
      throws IOException {
    KeyedStateBackend.checkSchema(plan.spec(), checkpoint, storage, operatorId);
  }

  @Override
  public int readerTasks() {
    return keyGroups.partitions();
  }

  @Override
  public PartitionInput newInput(EvalContext context, long watermarkMicros) {
    return new KeyedRows(plan, keyCodec, keyGroups, plan.timeMode() == TimeMode.EVENT_TIME ? watermarkMicros
        : Long.MIN_VALUE);
  }

  /** What one partition's task did, before its state commits; {@code nextTimerMs} its earliest processing-time timer. */
  private record Prepared(KeyedPartitionState state, List<Row> rows, long updated, long removed, long nextTimerMs,
      Timings timings) {}

  /** Where a partition's task spent its time, in nanoseconds: its handlers of input rows, of timers, and the TTL cleanup. */
  private record Timings(long inputNanos, long timerNanos, long ttlNanos) {}

  @Override
  public long nextProcessingTimerMs() {
    return plan.timeMode() == TimeMode.PROCESSING_TIME ? nextProcessingTimerMs : Long.MAX_VALUE;
  }

  @Override
  public Result run(long batchId, List<PartitionInput> inputs, EvalContext context, Watermarks watermarks)
      throws Exception {
    long watermarkMicros = watermarks.evictionMicros();
    long late = 0;
    for (PartitionInput in : inputs) {
      late += ((KeyedRows) in).late();
    }
    long nowMs = Math.floorDiv(context.batchTimestampMicros(), 1000L);
    // With an eventTimeColumnName no row may be emitted late for the operators after it: at or
    // before the watermark this batch's input rows are late by, as Spark's UpdateEventTimeColumnExec
    // (in a batch without input too, where timers fire).
    long lateMicros = watermarks.lateMicros();
    initialRows = InitialStateRows.forBatch(plan, batchId, keyCodec, keyGroups, context);
    initialStateNanos.reset();
    List<Future<Prepared>> tasks = new ArrayList<>();
    for (int p = 0; p < keyGroups.partitions(); p++) {
      int partition = p;
      tasks.add(pool.submit(() -> {
        KeyedPartitionState state = backend.begin(partition, batchId);
        try {
          return process(state, partition, inputs, nowMs, watermarkMicros, lateMicros);
        } catch (Exception | Error e) {
          abortKeeping(state, e);
          throw e;
        }
      }));
    }
    List<Prepared> ready;
    try {
      ready = await(tasks, done -> done);
    } finally {
      initialRows = null;
    }
    long commitMs = commitAll(ready);
    nextProcessingTimerMs = ready.stream().mapToLong(Prepared::nextTimerMs).min().orElse(Long.MAX_VALUE);
    List<Row> rows = new ArrayList<>();
    KeyedStateMetrics metrics = null;
    long updated = 0;
    long removed = 0;
    long inputNanos = 0;
    long timerNanos = 0;
    long ttlNanos = 0;
    for (Prepared r : ready) {
      rows.addAll(r.rows());
      metrics = metrics == null ? r.state().metrics() : metrics.plus(r.state().metrics());
      updated += r.updated();
      removed += r.removed();
      inputNanos += r.timings().inputNanos();
      timerNanos += r.timings().timerNanos();
      ttlNanos += r.timings().ttlNanos();
    }
    Map<String, Long> custom = new TreeMap<>(metrics.customMetrics());
    TransformWithStateMetrics.add(custom, plan.spec(), batchId == backend.firstBatch()
        ? (long) backend.deletedVariables() * keyGroups.partitions() : 0, inputNanos, timerNanos, ttlNanos);
    custom.put("numValueStateVars", count(io.millrace.runtime.state.keyed.StateVariable.Kind.VALUE));
    custom.put("numListStateVars", count(io.millrace.runtime.state.keyed.StateVariable.Kind.LIST));
    custom.put("numMapStateVars", count(io.millrace.runtime.state.keyed.StateVariable.Kind.MAP));
    custom.put("maintenanceFailures", backend.maintenanceFailures());
    if (plan.initialState().isPresent()) {
      custom.put("initialStateProcessingTimeMs", initialStateNanos.sum() / 1_000_000);
    }
    int partitions = keyGroups.partitions();
    return new Result(rows, new StateOperatorProgress(plan.operatorName(), plan.rowsTotal(metrics),
        updated, removed, late, commitMs, metrics.memoryUsedBytes(), partitions, partitions, custom));
  }

  private long count(io.millrace.runtime.state.keyed.StateVariable.Kind kind) {
    return plan.spec().variables().stream().filter(v -> v.kind() == kind).count();
  }

  private Prepared process(KeyedPartitionState state, int partition, List<PartitionInput> inputs, long nowMs,
      long watermarkMicros, long lateMicros) {
    StatefulProcessor<Row, Row, Row> processor = plan.newProcessor();
    ProcessorHandle handle = new ProcessorHandle(state, plan.spec(), plan.timeMode());
    state.setProcessingTime(nowMs);
    processor.setHandle(handle);
    try {
      return runProcessor(processor, handle, state, partition, inputs, nowMs, watermarkMicros,
          new ProcessorOutput(plan, lateMicros));
    } finally {
      processor.close(); // after a failure too, as Spark's task completion closes it
    }
  }

  private Prepared runProcessor(StatefulProcessor<Row, Row, Row> processor, ProcessorHandle handle,
      KeyedPartitionState state, int partition, List<PartitionInput> inputs, long nowMs, long watermarkMicros,
      ProcessorOutput output) {
    processor.init(plan.outputMode(), plan.timeMode());
    // A streaming query always has a watermark in Spark, 0 until one moves it, whatever the time
    // mode (its probe: wmMs=0 under processing time without withWatermark).
    long watermarkMs = watermarkMicros == Long.MIN_VALUE ? 0 : Math.floorDiv(watermarkMicros, 1000L);
    TimerValues times = new Times(nowMs, watermarkMs);
    List<Row> out = new ArrayList<>();
    // Each key's rows, keys in the order the state stores them: the same on every run and replay.
    RoutedRows.Bucket[] buckets = new RoutedRows.Bucket[inputs.size()];
    for (int i = 0; i < buckets.length; i++) {
      buckets[i] = ((KeyedRows) inputs.get(i)).routedTo(partition);
    }
    KeyGroupedInput byKey = new KeyGroupedInput(buckets);
    List<byte[]> initialKeys = List.of();
    InitialStateRows initial = initialRows;
    if (initial != null) { // batch 0: the initial state before the input, as Spark
      long started = System.nanoTime();
      initialKeys = initial.apply(partition, plan, processor, state, times);
      initialStateNanos.add(System.nanoTime() - started);
    }
    long t0 = System.nanoTime();
    if (initialKeys.isEmpty()) {
      for (int g : byKey.sortedGroups(keyGroups)) {
        state.setCurrentEncodedKey(byKey.key(g));
        output.emit(processor.handleInputRows(state.currentKey(), byKey.rows(g), times), out);
      }
    } else {
      // Keys with initial state only are called too ([flat]MapGroupsWithState), in order with the input's.
      TreeMap<byte[], Iterator<Row>> calls = new TreeMap<>(keyGroups.storeOrder());
      initialKeys.forEach(k -> calls.put(k, Collections.emptyIterator()));
      for (int g : byKey.sortedGroups(keyGroups)) {
        calls.put(byKey.key(g), byKey.rows(g));
      }
      for (Map.Entry<byte[], Iterator<Row>> e : calls.entrySet()) {
        state.setCurrentEncodedKey(e.getKey());
        output.emit(processor.handleInputRows(state.currentKey(), e.getValue(), times), out);
      }
    }
    long t1 = System.nanoTime();
    if (plan.timeMode() != TimeMode.NONE) {
      io.millrace.runtime.state.keyed.TimeMode mode = plan.timeMode() == TimeMode.EVENT_TIME
          ? io.millrace.runtime.state.keyed.TimeMode.EVENT_TIME : io.millrace.runtime.state.keyed.TimeMode.PROCESSING_TIME;
      // Due when at or before the threshold, as Spark's TimerStateImpl; the service's bound is exclusive.
      long threshold = plan.timeMode() == TimeMode.EVENT_TIME ? Math.max(watermarkMicros, 0) : nowMs;
      for (Iterator<ExpiredTimer> due = state.timers().expired(mode, threshold + 1); due.hasNext(); ) {
        ExpiredTimer t = due.next();
        state.setCurrentEncodedKey(t.encodedKey());
        long expiryMs = handle.toMs(t.time());
        ExpiredTimerInfo info = () -> expiryMs;
        output.emit(processor.handleExpiredTimer(t.key(), times, info), out);
      }
    }
    long t2 = System.nanoTime();
    // As Spark: values whose TTL expired leave at the end of the partition's batch, after the timers.
    long expired = state.expireTtl();
    long t3 = System.nanoTime();
    long next = plan.timeMode() == TimeMode.PROCESSING_TIME
        ? state.timers().earliest(io.millrace.runtime.state.keyed.TimeMode.PROCESSING_TIME).orElse(Long.MAX_VALUE)
        : Long.MAX_VALUE;
    return new Prepared(state, out, handle.updated, handle.removed + expired, next, new Timings(t1 - t0, t2 - t1, t3 - t2));
  }

  /**
   * Waits for every task. If one failed, aborts the partitions {@code toAbort} names (given what
   * the tasks returned; a committed one is not touched) and throws the first failure.
   */
  private static <T> List<T> await(List<Future<T>> tasks, Function<List<T>, List<Prepared>> toAbort)
      throws Exception {
    List<T> done = new ArrayList<>();
    Exception failure = null;
    for (Future<T> f : tasks) {
      try {
        done.add(f.get());
      } catch (ExecutionException e) {
        if (failure == null) {
          failure = e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
      }
    }
    if (failure != null) {
      Exception first = failure;
      toAbort.apply(done).forEach(r -> abortKeeping(r.state(), first));
      throw failure;
    }
    return done;
  }

  /**
   * Commits every partition once all have prepared, as {@link PartitionedCommit} does, the
   * partitions at the same time: each commit writes and syncs its stores' files, which one
   * after the other were a fifth of the batch's state update. Returns their summed time (ms).
   * A failure aborts those not committed; the replay of the batch repairs the others.
   */
  private long commitAll(List<Prepared> ready) throws Exception {
    List<Future<Long>> commits = new ArrayList<>();
    for (Prepared r : ready) {
      commits.add(pool.submit(() -> {
        long t0 = System.nanoTime();
        r.state().commit();
        return System.nanoTime() - t0;
      }));
    }
    long nanos = 0;
    for (long n : await(commits, done -> ready)) {
      nanos += n;
    }
    return nanos / 1_000_000;
  }

  /** Aborts {@code state}; a failure to abort is added to {@code cause}, which stays the error reported. */
  private static void abortKeeping(KeyedPartitionState state, Throwable cause) {
    try {
      state.abort();
    } catch (RuntimeException e) {
      cause.addSuppressed(e);
    }
  }

  @Override
  public void maintain() {
    backend.maintain();
  }

  @Override
  public void close() {
    backend.close();
  }

  /** The times of one batch. */
  private record Times(long processingMs, long watermarkMs) implements TimerValues {
    @Override
    public long getCurrentProcessingTimeInMs() {
      return processingMs;
    }

    @Override
    public long getCurrentWatermarkInMs() {
      return watermarkMs;
    }
  }
}
