package io.millrace.state.rocksdb;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A store that reads version {@code v} and collects the writes {@code commit()} turns into
 * {@code v+1}. The writes stay in a sorted map of this store (a null value being a delete), in
 * RocksDB's key order, so nobody else sees them, the changelog is written in order without a
 * sort, and iterating while writing is safe: an iterator merges the pinned version with a copy
 * of the writes made so far. {@code numKeys} is kept exact by looking each written key up once.
 */
final class RocksDbStateStore implements StateStore {
  /** Bytes a map entry costs beyond its key and value, for the memory figure. */
  private static final long ENTRY_OVERHEAD = 64;

  private enum State { OPEN, COMMITTED, ABORTED }

  private final RocksDbStateStoreProvider provider;
  private final View view;
  private final TreeMap<byte[], byte[]> pending = new TreeMap<>(Bytes.ORDER);
  private long numKeys;
  private long pendingBytes;
  private State state = State.OPEN;

  RocksDbStateStore(RocksDbStateStoreProvider provider, View view) {
    this.provider = provider;
    this.view = view;
    this.numKeys = view.numKeys;
  }

  @Override
  public StateStoreId id() {
    return provider.id();
  }

  @Override
  public long version() {
    return view.version;
  }

  @Override
  public byte[] get(byte[] key) {
    checkOpen();
    return visible(key);
  }

  private byte[] visible(byte[] key) {
    return pending.containsKey(key) ? pending.get(key) : view.get(key);
  }

  @Override
  public void put(byte[] key, byte[] value) {
    checkOpen();
    if (value == null) {
      throw new IllegalArgumentException("a state value cannot be null; use remove");
    }
    if (visible(key) == null) {
      numKeys++;
    }
    record(key, value); // kept as given: the SPI forbids the caller to change them afterwards
  }

  @Override
  public byte[] putIfAbsent(byte[] key, byte[] value) {
    checkOpen();
    if (value == null) {
      throw new IllegalArgumentException("a state value cannot be null; use remove");
    }
    byte[] current = visible(key); // the one lookup put makes anyway, to keep numKeys exact
    if (current == null) {
      numKeys++;
      record(key, value);
    }
    return current;
  }

  @Override
  public void remove(byte[] key) {
    checkOpen();
    if (visible(key) != null) {
      numKeys--;
      record(key, null);
    }
  }

  private void record(byte[] key, byte[] value) {
    byte[] old = pending.put(key, value);
    pendingBytes += (value == null ? 0 : value.length) - (old == null ? 0 : old.length);
    if (old == null) {
      pendingBytes += key.length + ENTRY_OVERHEAD;
    }
  }

  @Override
  public Iterator<KeyValue> iterator() {
    checkOpen();
    return new MergedIterator(ViewIterator.all(view), new TreeMap<>(pending));
  }

  @Override
  public Iterator<KeyValue> prefixScan(byte[] prefix) {
    checkOpen();
    NavigableMap<byte[], byte[]> overlay = new TreeMap<>(Bytes.ORDER);
    for (Map.Entry<byte[], byte[]> e : pending.tailMap(prefix, true).entrySet()) {
      if (!Bytes.startsWith(e.getKey(), prefix)) {
        break;
      }
      overlay.put(e.getKey(), e.getValue());
    }
    return new MergedIterator(ViewIterator.prefixed(view, prefix.clone()), overlay);
  }

  @Override
  public boolean supportsPrefixScan() {
    return true;
  }

  @Override
  public Iterator<KeyValue> range(byte[] from, byte[] to) {
    checkOpen();
    // A copy of the writes in the range, so that writing while iterating is safe, as for iterator().
    NavigableMap<byte[], byte[]> overlay = Bytes.ORDER.compare(from, to) < 0
        ? new TreeMap<>(pending.subMap(from, true, to, false)) : new TreeMap<>(Bytes.ORDER);
    return new MergedIterator(ViewIterator.range(view, from.clone(), to.clone()), overlay);
  }

  @Override
  public long removeRange(byte[] from, byte[] to) {
    checkOpen();
    // The merged range holds exactly the keys visible now, so each goes without the point
    // lookup remove() makes to keep numKeys exact.
    List<byte[]> keys = new ArrayList<>();
    range(from, to).forEachRemaining(kv -> keys.add(kv.key()));
    for (byte[] key : keys) {
      numKeys--;
      record(key, null);
    }
    return keys.size();
  }

  @Override
  public boolean supportsRangeScan() {
    return true;
  }

  @Override
  public long commit() {
    checkOpen();
    long next = provider.commit(view, pending, numKeys);
    state = State.COMMITTED;
    end();
    return next;
  }

  @Override
  public void abort() {
    if (state == State.OPEN) {
      state = State.ABORTED;
      end();
    }
  }

  private void end() {
    pending.clear();
    pendingBytes = 0;
    view.release();
  }

  @Override
  public boolean hasCommitted() {
    return state == State.COMMITTED;
  }

  @Override
  public StateStoreMetrics metrics() {
    return provider.metrics(view.db, numKeys, pendingBytes);
  }

  private void checkOpen() {
    if (state != State.OPEN) {
      throw new IllegalStateException("the store of version " + view.version + " of " + provider.id().storePath()
          + " was already " + (state == State.COMMITTED ? "committed" : "aborted"));
    }
  }

  /** Closing a store that was neither committed nor aborted aborts it. */
  @Override
  public void close() {
    abort();
  }
}
