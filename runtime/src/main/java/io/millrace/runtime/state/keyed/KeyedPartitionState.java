package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreMetrics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One partition's keyed state in one batch: every store of the operator opened at version N,
 * the state variables and timers over them, scoped to the current grouping key, and the commit
 * that makes version N+1 of every store. Used by the partition's task thread only.
 *
 * <p>Either {@link #commit} or {@link #abort} ends it; {@link #close} aborts what did not commit,
 * so a task can hold it in a try-with-resources and commit last.
 */
public final class KeyedPartitionState implements AutoCloseable {
  private final KeyedStateSpec spec;
  private final int partition;
  private final long version;
  /** The stores in commit order: the variables in declaration order (each followed by its TTL index), then the timers. */
  private final Map<String, StateStore> stores;
  /** Per store, the version it read: the batch's version less the store's base (see {@link KeyedStateBackend}). */
  private final Map<String, Long> readVersions;
  private final Ttl.BatchTime time = new Ttl.BatchTime();
  /** The TTL variables' expiration rules, by variable. */
  private final Map<String, Ttl> ttls = new LinkedHashMap<>();
  private long ttlRemoved;
  private final KeyScope scope;
  private final Scans scans;
  private final Map<String, Object> variables = new LinkedHashMap<>();
  private final StoreTimerService timers;
  /** Where the floors of the timers this batch commits go, for the next batch's scans. */
  private final TimerFloors timerFloors;
  /** Whether this is the run's first batch, which may replay one whose state is already published. */
  private final boolean firstOfRun;
  /** Whether commit or abort ended it. */
  private boolean ended;

  KeyedPartitionState(KeyedStateSpec spec, int partition, long version, Map<String, StateStore> stores,
      Map<String, Long> readVersions, KeyScope scope, Scans scans, TimerFloors timerFloors, boolean timersByKey,
      boolean firstOfRun) {
    this.timerFloors = timerFloors;
    this.firstOfRun = firstOfRun;
    this.spec = spec;
    this.partition = partition;
    this.version = version;
    this.stores = stores;
    this.readVersions = readVersions;
    this.scope = scope;
    this.scans = scans;
    String operator = "operator '" + spec.operatorName() + "'";
    for (StateVariable v : spec.variables()) {
      StateStore store = stores.get(v.name());
      String of = " of state variable '" + v.name() + "' of " + operator;
      VariableCodec values = new VariableCodec((v.kind() == StateVariable.Kind.LIST ? "element" : "value") + of,
          v.valueSchema());
      if (v.hasTtl()) {
        Ttl ttl = new Ttl(v.name(), v.ttlMs(), new TtlIndex(stores.get(v.ttlStoreName()), scans), time);
        ttls.put(v.name(), ttl);
        switch (v.kind()) {
          case VALUE:
            variables.put(v.name(), new TtlValueState(store, scope, values, ttl));
            break;
          case LIST:
            variables.put(v.name(), new TtlListState(store, scope, values, scans, ttl));
            break;
          default:
            variables.put(v.name(), new TtlMapState(store, scope, new VariableCodec("map key" + of, v.mapKeySchema()),
                values, scans, ttl));
        }
        continue;
      }
      switch (v.kind()) {
        case VALUE:
          variables.put(v.name(), new StoreValueState(store, scope, values));
          break;
        case LIST:
          variables.put(v.name(), new StoreListState(store, scope, values, scans));
          break;
        default:
          variables.put(v.name(), new StoreMapState(store, scope, new VariableCodec("map key" + of, v.mapKeySchema()),
              values, scans));
      }
    }
    this.timers = spec.hasTimers() ? new StoreTimerService(stores.get(KeyedStateBackend.TIMERS_STORE), scope, scans,
        timerFloors.at(partition, version), timersByKey) : null;
  }

  /**
   * Sets the batch's processing time in milliseconds, which TTL variables expire against: the
   * time recorded for the batch, so that a replay expires what the first run expired.
   */
  public void setProcessingTime(long nowMs) {
    time.nowMs = nowMs;
  }

  /**
   * Removes every TTL variable's values that expired at or before the batch's processing time,
   * reading only their index's due entries; returns how many values (list elements, map
   * entries) it removed. Spark runs it at the end of the partition's batch, after the timers.
   */
  public long expireTtl() {
    long removed = 0;
    for (Map.Entry<String, Ttl> e : ttls.entrySet()) {
      StateVariable v = spec.variable(e.getKey()).orElseThrow();
      StateStore store = stores.get(v.name());
      removed += v.kind() == StateVariable.Kind.LIST ? TtlListState.expire(store, scans, e.getValue())
          : TtlValueState.expire(store, e.getValue());
    }
    ttlRemoved += removed;
    return removed;
  }

  /** Makes {@code key}, a row of the spec's key schema, the key that state and timers read and write. */
  public void setCurrentKey(Row key) {
    scope.set(key);
  }

  /**
   * Makes the key encoded as {@code key} current: a key as the exchange carries it, or an
   * {@link ExpiredTimer#encodedKey()}, without decoding and encoding it again. The array must
   * not change afterwards.
   */
  public void setCurrentEncodedKey(byte[] key) {
    scope.setEncoded(key);
  }

  public Row currentKey() {
    return scope.row();
  }

  public ValueState valueState(String name) {
    return variable(name, StateVariable.Kind.VALUE, ValueState.class);
  }

  public ListState listState(String name) {
    return variable(name, StateVariable.Kind.LIST, ListState.class);
  }

  public MapState mapState(String name) {
    return variable(name, StateVariable.Kind.MAP, MapState.class);
  }

  public TimerService timers() {
    if (timers == null) {
      throw new IllegalStateException("operator '" + spec.operatorName() + "' declared no timers");
    }
    return timers;
  }

  private <T> T variable(String name, StateVariable.Kind kind, Class<T> type) {
    StateVariable declared = spec.variable(name).orElseThrow(() -> new IllegalArgumentException("operator '"
        + spec.operatorName() + "' declared no state variable '" + name + "'; it declared "
        + spec.variables().stream().map(StateVariable::name).toList()));
    if (declared.kind() != kind) {
      throw new IllegalArgumentException("state variable '" + name + "' of operator '" + spec.operatorName()
          + "' is a " + declared.describe() + ", not a " + kind);
    }
    return type.cast(variables.get(name));
  }

  /**
   * The encoded grouping keys that hold state in variable {@code name} of this partition, each
   * once, in encoded order, for {@link #setCurrentEncodedKey}: a read of the variable's whole
   * store, for an operator that emits all of its state every batch (a session window
   * aggregation in complete mode).
   */
  public List<byte[]> keysWithState(String name) {
    StateVariable v = spec.variable(name).orElseThrow(() -> new IllegalArgumentException("operator '"
        + spec.operatorName() + "' declared no state variable '" + name + "'"));
    java.util.TreeSet<byte[]> keys = new java.util.TreeSet<>(java.util.Arrays::compareUnsigned);
    for (java.util.Iterator<io.millrace.spi.state.KeyValue> it = stores.get(v.name()).iterator(); it.hasNext(); ) {
      byte[] entry = it.next().key();
      int length = scope.codec().encodedLength(entry, KeyLayout.KEY_GROUP_BYTES);
      keys.add(java.util.Arrays.copyOfRange(entry, KeyLayout.KEY_GROUP_BYTES, KeyLayout.KEY_GROUP_BYTES + length));
    }
    return List.copyOf(keys);
  }

  public int partition() {
    return partition;
  }

  /** The version the stores read; {@link #commit} makes {@code version() + 1}. */
  public long version() {
    return version;
  }

  /**
   * Commits every store, one after the other in a fixed order, and returns the new version. Not
   * atomic across stores: a crash between two leaves some at N+1 and the rest at N, which the
   * replay of the batch from N repairs (see {@link KeyedStateBackend}). If one store's commit
   * fails, those not committed are aborted and the failure thrown.
   */
  public long commit() {
    if (ended) {
      throw new IllegalStateException("the keyed state of partition " + partition + " at version " + version
          + " has already committed or aborted");
    }
    long next = version + 1;
    try {
      for (Map.Entry<String, StateStore> e : stores.entrySet()) {
        StateStore store = e.getValue();
        long committed = store.commit();
        long expected = readVersions.get(e.getKey()) + 1;
        if (committed != expected) {
          throw new IllegalStateException("state store " + store.id().storePath() + " committed version " + committed
              + " where version " + expected + " was expected");
        }
      }
    } catch (RuntimeException | Error e) {
      abort();
      throw e;
    }
    ended = true;
    if (timers != null) {
      timerFloors.committed(partition, next, firstOfRun ? null : timers.floors());
    }
    return next;
  }

  /** Aborts every store that has not committed; nothing once everything has committed or aborted. */
  public void abort() {
    if (ended) {
      return;
    }
    ended = true;
    RuntimeException first = null;
    for (StateStore store : stores.values()) {
      if (!store.hasCommitted()) {
        try {
          store.abort();
        } catch (RuntimeException e) {
          if (first == null) {
            first = e;
          } else {
            first.addSuppressed(e);
          }
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  /** The state's figures: after {@link #commit}, those of version N+1. */
  public KeyedStateMetrics metrics() {
    Map<String, Long> rows = new LinkedHashMap<>();
    long memory = 0;
    for (StateVariable v : spec.variables()) {
      StateStoreMetrics m = stores.get(v.name()).metrics();
      rows.put(v.name(), m.numKeys());
      memory += m.memoryUsedBytes();
      if (v.hasTtl()) {
        memory += stores.get(v.ttlStoreName()).metrics().memoryUsedBytes();
      }
    }
    long ttlRead = 0;
    for (Ttl t : ttls.values()) {
      ttlRead += t.index().read();
    }
    long timerEntries = 0;
    long timerCount = 0;
    if (timers != null) {
      StateStoreMetrics m = stores.get(KeyedStateBackend.TIMERS_STORE).metrics();
      timerEntries = m.numKeys();
      timerCount = timerEntries / timers.entriesPerTimer();
      memory += m.memoryUsedBytes();
    }
    return new KeyedStateMetrics(rows, timerCount, timerEntries, timers == null ? 0 : timers.registered(),
        timers == null ? 0 : timers.deleted(), timers == null ? 0 : timers.fired(), scans.entriesScanned(),
        scans.fullScans(), memory, ttlRemoved, ttlRead);
  }

  /** The store names in commit order. */
  List<String> storeNames() {
    return List.copyOf(stores.keySet());
  }

  /** Aborts what did not commit, unless {@link #commit} or {@link #abort} ended it. */
  @Override
  public void close() {
    abort();
  }
}
