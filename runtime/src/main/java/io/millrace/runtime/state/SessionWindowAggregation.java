package io.millrace.runtime.state;

import io.millrace.api.StateOperatorProgress;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.state.SessionMerge.Session;
import io.millrace.runtime.state.keyed.ExpiredTimer;
import io.millrace.runtime.state.keyed.KeyedPartitionState;
import io.millrace.runtime.state.keyed.KeyedStateBackend;
import io.millrace.runtime.state.keyed.KeyedStateMetrics;
import io.millrace.runtime.state.keyed.KeyedStateSpec;
import io.millrace.runtime.state.keyed.MapState;
import io.millrace.runtime.state.keyed.TimeMode;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.state.StateStore.Presence;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A streaming aggregation grouped by {@code session_window(ts, gap)} and other keys, as Spark
 * 4.0's {@code SessionWindowStateStoreSaveExec} behaves. Per grouping key (the keys besides the
 * session) the state holds the key's open sessions, a map from start to {@code (end, running
 * values)}: each batch a key's new rows, each the session {@code [ts, ts + gap)}, are merged
 * with its stored sessions by start, a session joining the one before when its start is at or
 * before that one's end (inclusive, so rows exactly {@code gap} apart are one session) and the
 * end becoming the larger one; running values merge as partial aggregates do.
 *
 * <p>Append mode emits a session, and forgets it, once this batch's watermark is at or past its
 * end, after the batch's rows have been merged (so a row can still extend a session the
 * watermark has not passed). Each key with sessions has one event-time timer at its earliest
 * session end, so the batch reads only the keys whose earliest session has ended, in time order,
 * rather than every key of the state. Complete mode keeps every session and emits all of them
 * every batch. Rows are late when their own session would have ended by the previous batch's
 * watermark ({@link SessionRows}).
 */
public final class SessionWindowAggregation implements StatefulOperator {
  public static final String OPERATOR_NAME = "sessionWindowStateStoreSaveExec";
  /** The keyed state variable of the sessions: start -> (end, running values). */
  static final String SESSIONS = "sessions";
  private static final Logger LOG = LoggerFactory.getLogger(SessionWindowAggregation.class);
  private static final Schema START = Schema.of(new Field("start", DataType.TIMESTAMP, false));

  private final AggregationPlan plan;
  private final OutputMode mode;
  private final KeyGroups keyGroups;
  private final RowCodec keyCodec;
  private final KeyedStateBackend backend;
  private final ExecutorService pool;
  /** Whether this batch's watermark evicts sessions: append mode over a watermarked time. */
  private final boolean evicts;
  private boolean nullTimesLogged;

  public SessionWindowAggregation(long operatorId, AggregationPlan plan, OutputMode mode,
      StateStoreProviderFactory factory, URI checkpoint, Storage storage, int partitions, int maxKeyGroups,
      PluginContext context, ExecutorService pool) throws IOException {
    this.plan = plan;
    this.mode = mode;
    this.keyGroups = new KeyGroups(maxKeyGroups, partitions);
    this.keyCodec = new RowCodec(plan.keySchema());
    this.pool = pool;
    this.evicts = mode == OutputMode.APPEND && plan.evictsByWatermark();
    this.backend = new KeyedStateBackend(spec(plan), factory, checkpoint, storage, operatorId, keyGroups, context);
  }

  /**
   * The keyed state: per grouping key a map of sessions by start, and event-time timers, which
   * this operator never lists (a key's one timer is at its earliest stored session's end).
   */
  static KeyedStateSpec spec(AggregationPlan plan) {
    return KeyedStateSpec.of(OPERATOR_NAME, plan.keySchema()).map(SESSIONS, START, valueSchema(plan))
        .withUnlistedTimers();
  }

  /** A stored session's value: its end and its running values. */
  public static Schema valueSchema(AggregationPlan plan) {
    return Schema.of(new Field("end", DataType.TIMESTAMP, false),
        new Field("buffer", DataType.struct(plan.valueSchema()), false));
  }

  /** Checks, without writing, that the checkpoint's state of the operator was written for this aggregation. */
  public static void checkStateSchema(long operatorId, AggregationPlan plan, URI checkpoint, Storage storage)
      throws IOException {
    KeyedStateBackend.checkSchema(spec(plan), checkpoint, storage, operatorId);
  }

  @Override
  public int readerTasks() {
    return keyGroups.partitions();
  }

  @Override
  public PartitionInput newInput(EvalContext context, long lateWatermarkMicros) {
    // Late in complete mode too, though nothing is evicted there: Spark 4.0.1's restore step drops them in
    // every mode (observed: a row of ts + gap at the previous watermark counted in numRowsDroppedByWatermark).
    return new SessionRows(plan, keyCodec, keyGroups, context, plan.evictsByWatermark() ? lateWatermarkMicros
        : Long.MIN_VALUE);
  }

  /** What one partition's task did, before its state commits. */
  private record Prepared(KeyedPartitionState state, List<Row> rows, long updated, long removed) {}

  /** Counts of one partition's task. */
  private static final class Counts {
    long updated;
    long removed;
  }

  @Override
  public Result run(long batchId, List<PartitionInput> inputs, EvalContext context, Watermarks watermarks)
      throws Exception {
    long watermarkMicros = watermarks.evictionMicros();
    long late = 0;
    long nullTimes = 0;
    for (PartitionInput in : inputs) {
      late += ((SessionRows) in).late();
      nullTimes += ((SessionRows) in).nullTimes();
    }
    boolean evict = evicts && watermarkMicros != Long.MIN_VALUE;
    List<Future<Prepared>> tasks = new ArrayList<>();
    for (int p = 0; p < keyGroups.partitions(); p++) {
      int partition = p;
      tasks.add(pool.submit(() -> {
        KeyedPartitionState state = backend.begin(partition, batchId);
        try {
          return process(state, partition, inputs, context, evict, watermarkMicros);
        } catch (Exception | Error e) {
          abortKeeping(state, e);
          throw e;
        }
      }));
    }
    List<Prepared> ready = await(tasks);
    long t0 = System.nanoTime();
    try {
      for (Prepared r : ready) {
        r.state().commit();
      }
    } catch (RuntimeException | Error e) {
      ready.forEach(r -> abortKeeping(r.state(), e)); // those committed already are not touched
      throw e;
    }
    long commitMs = (System.nanoTime() - t0) / 1_000_000;
    List<Row> rows = new ArrayList<>();
    KeyedStateMetrics metrics = null;
    long updated = 0;
    long removed = 0;
    for (Prepared r : ready) {
      rows.addAll(r.rows());
      metrics = metrics == null ? r.state().metrics() : metrics.plus(r.state().metrics());
      updated += r.updated();
      removed += r.removed();
    }
    Map<String, Long> custom = new TreeMap<>(metrics.customMetrics());
    custom.put("numRowsWithoutWindow", nullTimes);
    custom.put("maintenanceFailures", backend.maintenanceFailures());
    if (nullTimes > 0 && !nullTimesLogged) {
      nullTimesLogged = true;
      LOG.warn("{}: batch {} dropped {} row(s) whose session_window(..) time is null, which are in no session "
          + "(counted in customMetrics.numRowsWithoutWindow; logged once per run of the query)", OPERATOR_NAME,
          batchId, nullTimes);
    }
    int partitions = keyGroups.partitions();
    // The state's rows are its sessions, as Spark counts them; the timers are counted apart (numTimers).
    long sessions = metrics.rowsTotal().getOrDefault(SESSIONS, 0L);
    return new Result(rows, new StateOperatorProgress(OPERATOR_NAME, sessions, updated, removed, late, commitMs,
        metrics.memoryUsedBytes(), partitions, partitions, custom));
  }

  private Prepared process(KeyedPartitionState state, int partition, List<PartitionInput> inputs, EvalContext context,
      boolean evict, long watermarkMicros) {
    // Each key's rows in input order, keys in the order the state stores them: the same on every run
    // and replay. Grouped where the exchange holds them, as transformWithState groups its input: a
    // TreeMap of every row's key copied out held 8.5 % of the session_window benchmark's CPU samples.
    RoutedRows.Bucket[] buckets = new RoutedRows.Bucket[inputs.size()];
    for (int i = 0; i < buckets.length; i++) {
      buckets[i] = ((SessionRows) inputs.get(i)).routedTo(partition);
    }
    KeyGroupedInput byKey = new KeyGroupedInput(buckets);
    MapState sessions = state.mapState(SESSIONS);
    SessionMerge merge = new SessionMerge(plan);
    List<Row> out = new ArrayList<>();
    Counts counts = new Counts();
    for (int g : byKey.sortedGroups(keyGroups)) {
      state.setCurrentEncodedKey(byKey.key(g));
      List<Session> stored = load(sessions);
      long oldTimer = minEnd(stored);
      List<Session> merged = merge.merge(stored, byKey, byKey.rowsFrom(g), byKey.rowsTo(g), context);
      byKey.release(g);
      List<Session> open = write(sessions, merged, evict, watermarkMicros, state, out, counts);
      if (evicts) {
        moveTimer(state, oldTimer, minEnd(open));
      }
    }
    if (evict) {
      // Keys whose earliest session has ended, earliest first; those with rows were handled above
      // and their timers moved past the watermark.
      for (Iterator<ExpiredTimer> due = state.timers().expired(TimeMode.EVENT_TIME, watermarkMicros + 1);
          due.hasNext(); ) {
        ExpiredTimer t = due.next();
        state.setCurrentEncodedKey(t.encodedKey());
        List<Session> open = write(sessions, load(sessions), true, watermarkMicros, state, out, counts);
        long next = minEnd(open);
        if (next != Long.MAX_VALUE) {
          state.timers().register(TimeMode.EVENT_TIME, next, Presence.ABSENT); // its one timer just fired
        }
      }
    }
    if (mode == OutputMode.COMPLETE) {
      for (byte[] key : state.keysWithState(SESSIONS)) {
        state.setCurrentEncodedKey(key);
        for (Session s : load(sessions)) {
          out.add(plan.sessionOutput(state.currentKey(), s.start, s.end, s.buffer));
        }
      }
    }
    return new Prepared(state, out, counts.updated, counts.removed);
  }

  /** The current key's stored sessions, by start. */
  private List<Session> load(MapState sessions) {
    List<Session> stored = new ArrayList<>();
    for (Iterator<Map.Entry<Row, Row>> it = sessions.iterator(); it.hasNext(); ) {
      Map.Entry<Row, Row> kv = it.next();
      long start = kv.getKey().getLong(0);
      stored.add(new Session(start, kv.getValue().getLong(0), plan.buffer(kv.getValue().getStruct(1)), start));
    }
    byStart(stored);
    return stored;
  }

  /**
   * Sorts a key's few stored sessions by start. They come in encoded order, which puts starts
   * before 1970 last, so insertion is linear unless such starts mix with later ones (then each
   * moves past the later ones); {@code List.sort} would share the JDK's TimSort, which the JIT
   * compiles again for each comparator it meets.
   */
  static void byStart(List<Session> sessions) {
    for (int i = 1; i < sessions.size(); i++) {
      Session s = sessions.get(i);
      int j = i - 1;
      while (j >= 0 && sessions.get(j).start > s.start) {
        sessions.set(j + 1, sessions.get(j));
        j--;
      }
      sessions.set(j + 1, s);
    }
  }

  /**
   * Writes the key's merged sessions: removes the stored ones merged into another, emits and
   * removes those the watermark has passed (when evicting), puts those that changed. Returns
   * the sessions left open.
   */
  private List<Session> write(MapState sessions, List<Session> merged, boolean evict, long watermarkMicros,
      KeyedPartitionState state, List<Row> out, Counts counts) {
    List<Session> open = new ArrayList<>(merged.size());
    for (Session s : merged) {
      if (s.absorbed != null) {
        for (long start : s.absorbed) {
          sessions.remove(Row.of(start), Presence.PRESENT);
          counts.removed++;
        }
      }
      if (evict && s.end <= watermarkMicros) {
        out.add(plan.sessionOutput(state.currentKey(), s.start, s.end, s.buffer));
        if (s.storedStart != Long.MIN_VALUE) {
          sessions.remove(Row.of(s.storedStart), Presence.PRESENT);
          counts.removed++;
        }
        continue;
      }
      if (s.changed) {
        // A stored session keeps its start as it grows; a new one starts where none is stored,
        // since rows at a stored start merge into that session.
        sessions.put(Row.of(s.start), Row.of(s.end, plan.stateRow(s.buffer)),
            s.storedStart != Long.MIN_VALUE ? Presence.PRESENT : Presence.ABSENT);
        counts.updated++;
      }
      open.add(s);
    }
    return open;
  }

  /**
   * Keeps the key's one timer at its earliest session end. Being the key's only one, the timer
   * deleted is set and the one registered is not, and the timer service is told so rather than
   * look each up (on rocksdb, a read through the write batch and every level's filter).
   */
  private static void moveTimer(KeyedPartitionState state, long oldTimer, long newTimer) {
    if (newTimer == oldTimer) {
      return;
    }
    if (oldTimer != Long.MAX_VALUE) {
      state.timers().delete(TimeMode.EVENT_TIME, oldTimer, Presence.PRESENT);
    }
    if (newTimer != Long.MAX_VALUE) {
      state.timers().register(TimeMode.EVENT_TIME, newTimer, Presence.ABSENT);
    }
  }

  private static long minEnd(List<Session> sessions) {
    long min = Long.MAX_VALUE;
    for (Session s : sessions) {
      min = Math.min(min, s.end);
    }
    return min;
  }

  private static List<Prepared> await(List<Future<Prepared>> tasks) throws Exception {
    List<Prepared> ready = new ArrayList<>();
    Exception failure = null;
    for (Future<Prepared> f : tasks) {
      try {
        ready.add(f.get());
      } catch (ExecutionException e) {
        if (failure == null) {
          failure = e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
      }
    }
    if (failure != null) {
      Exception first = failure;
      ready.forEach(r -> abortKeeping(r.state(), first));
      throw failure;
    }
    return ready;
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
}
