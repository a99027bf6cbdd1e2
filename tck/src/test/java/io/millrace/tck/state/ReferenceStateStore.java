package io.millrace.tck.state;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;

/**
 * A store of the reference provider: an immutable base version plus the pending changes of
 * this store (a removal is a null value). Iterators are snapshots taken when they are made.
 */
class ReferenceStateStore implements StateStore {
  private enum State { OPEN, COMMITTED, ABORTED }

  private final ReferenceStateStoreProvider provider;
  private final long version;
  protected final NavigableMap<byte[], byte[]> base;
  private final NavigableMap<byte[], byte[]> pending = ReferenceStateFile.newMap();
  private State state = State.OPEN;

  ReferenceStateStore(ReferenceStateStoreProvider provider, long version, NavigableMap<byte[], byte[]> base) {
    this.provider = provider;
    this.version = version;
    this.base = base;
  }

  @Override
  public StateStoreId id() {
    return provider.id();
  }

  @Override
  public long version() {
    return version;
  }

  @Override
  public byte[] get(byte[] key) {
    return pending.containsKey(key) ? pending.get(key) : base.get(key);
  }

  @Override
  public void put(byte[] key, byte[] value) {
    requireOpen("put");
    pending.put(key.clone(), Objects.requireNonNull(value, "a state value cannot be null").clone());
  }

  @Override
  public void remove(byte[] key) {
    requireOpen("remove");
    pending.put(key.clone(), null);
  }

  /** This store's version as a new map: the base with the pending changes applied. */
  NavigableMap<byte[], byte[]> view() {
    NavigableMap<byte[], byte[]> view = ReferenceStateFile.newMap();
    view.putAll(base);
    pending.forEach((k, v) -> {
      if (v == null) {
        view.remove(k);
      } else {
        view.put(k, v);
      }
    });
    return view;
  }

  @Override
  public Iterator<KeyValue> iterator() {
    return entries(view()).iterator();
  }

  @Override
  public boolean supportsPrefixScan() {
    return true;
  }

  @Override
  public Iterator<KeyValue> prefixScan(byte[] prefix) {
    List<KeyValue> out = new ArrayList<>();
    for (KeyValue kv : entries(view().tailMap(prefix, true))) {
      if (kv.key().length < prefix.length || !Arrays.equals(kv.key(), 0, prefix.length, prefix, 0, prefix.length)) {
        break;
      }
      out.add(kv);
    }
    return out.iterator();
  }

  @Override
  public boolean supportsRangeScan() {
    return true;
  }

  @Override
  public Iterator<KeyValue> range(byte[] from, byte[] to) {
    NavigableMap<byte[], byte[]> view = view();
    return Arrays.compareUnsigned(from, to) >= 0 ? List.<KeyValue>of().iterator()
        : entries(view.subMap(from, true, to, false)).iterator();
  }

  private static List<KeyValue> entries(Map<byte[], byte[]> map) {
    List<KeyValue> out = new ArrayList<>(map.size());
    map.forEach((k, v) -> out.add(new KeyValue(k, v)));
    return out;
  }

  @Override
  public StateStoreMetrics metrics() {
    long memory = provider.cachedBytes() + ReferenceStateStoreProvider.bytes(pending) + ReferenceStateStoreProvider.bytes(base);
    return new StateStoreMetrics(view().size(), memory, Map.of());
  }

  @Override
  public long commit() {
    requireOpen("commit");
    long next = provider.commit(version, base, pending);
    state = State.COMMITTED;
    return next;
  }

  @Override
  public void abort() {
    if (state == State.OPEN) {
      pending.clear();
      state = State.ABORTED;
    }
  }

  @Override
  public boolean hasCommitted() {
    return state == State.COMMITTED;
  }

  private void requireOpen(String call) {
    if (state != State.OPEN) {
      throw new IllegalStateException(call + " on a store of version " + version + " that was " + state.name().toLowerCase());
    }
  }
}
