package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A {@link ListState} whose elements expire one by one (see {@link Ttl}), laid out as
 * {@link StoreListState}'s (a size under the key prefix, element {@code i} at prefix + i) with
 * each element preceded by its expiration; reads skip expired elements until they are removed.
 * Removing one from the middle would leave a gap in the indexes, so the cleanup rewrites each
 * list that has an expired element with its live ones, as Spark's ListStateImplWithTTL does.
 */
final class TtlListState implements ListState {
  private static final int ELEMENTS_END = 0x80;

  private final StateStore store;
  private final KeyScope scope;
  private final VariableCodec values;
  private final Scans scans;
  private final Ttl ttl;

  TtlListState(StateStore store, KeyScope scope, VariableCodec values, Scans scans, Ttl ttl) {
    this.store = store;
    this.scope = scope;
    this.values = values;
    this.scans = scans;
    this.ttl = ttl;
  }

  /** The stored elements of the list under {@code prefix}, expired ones included, in order. */
  private static Iterator<KeyValue> stored(StateStore store, Scans scans, byte[] prefix) {
    return scans.range(store, KeyLayout.withByte(prefix, 0), KeyLayout.withByte(prefix, ELEMENTS_END));
  }

  @Override
  public Iterator<Row> get() {
    Iterator<KeyValue> elements = stored(store, scans, scope.prefix());
    return new Iterator<>() {
      private KeyValue next;

      @Override
      public boolean hasNext() {
        while (next == null && elements.hasNext()) {
          KeyValue kv = elements.next();
          if (!ttl.expired(kv.value())) {
            next = kv;
          }
        }
        return next != null;
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        KeyValue kv = next;
        next = null;
        return values.decode(TtlIndex.row(kv.value()));
      }
    };
  }

  /** The live elements: a read of the list, since expired ones still count in the stored size. */
  @Override
  public long size() {
    long n = 0;
    for (Iterator<Row> it = get(); it.hasNext(); it.next()) {
      n++;
    }
    return n;
  }

  private long storedSize() {
    byte[] size = store.get(scope.prefix());
    return size == null ? 0 : KeyLayout.longAt(size, 0);
  }

  @Override
  public void append(Row value) {
    write(List.of(values.encode(value)), storedSize());
  }

  @Override
  public void appendAll(List<Row> rows) {
    if (!rows.isEmpty()) {
      write(encode(rows), storedSize());
    }
  }

  @Override
  public void put(List<Row> rows) {
    List<byte[]> encoded = encode(rows);
    clear();
    if (!encoded.isEmpty()) {
      write(encoded, 0);
    }
  }

  private List<byte[]> encode(List<Row> rows) {
    List<byte[]> encoded = new ArrayList<>(rows.size());
    for (Row r : rows) {
      encoded.add(values.encode(r));
    }
    return encoded;
  }

  private void write(List<byte[]> rows, long size) {
    byte[] prefix = scope.prefix();
    for (byte[] row : rows) {
      byte[] key = KeyLayout.withLong(prefix, size++);
      store.put(key, ttl.write(key, row));
    }
    store.put(prefix, KeyLayout.longBytes(size));
  }

  @Override
  public boolean exists() {
    return get().hasNext();
  }

  @Override
  public void clear() {
    clear(store, scans, scope.prefix());
  }

  private static void clear(StateStore store, Scans scans, byte[] prefix) {
    if (store.supportsRangeScan()) {
      store.removeRange(prefix, KeyLayout.withByte(prefix, ELEMENTS_END));
      return;
    }
    List<byte[]> keys = new ArrayList<>();
    stored(store, scans, prefix).forEachRemaining(kv -> keys.add(kv.key()));
    keys.forEach(store::remove);
    store.remove(prefix);
  }

  /**
   * Rewrites each list the index says has a due element with its live elements (their
   * expirations kept, re-indexed at their new places); returns how many elements it removed.
   */
  static long expire(StateStore store, Scans scans, Ttl ttl) {
    long now = ttl.now();
    Map<String, byte[]> lists = new LinkedHashMap<>();
    for (TtlIndex.Due d : ttl.index().due(now)) {
      byte[] key = d.entryKey();
      byte[] prefix = java.util.Arrays.copyOf(key, key.length - Long.BYTES);
      lists.putIfAbsent(java.util.HexFormat.of().formatHex(prefix), prefix);
      ttl.index().remove(d);
    }
    long removed = 0;
    for (byte[] prefix : lists.values()) {
      List<byte[]> live = new ArrayList<>();
      long stored = 0;
      for (Iterator<KeyValue> it = stored(store, scans, prefix); it.hasNext(); ) {
        byte[] value = it.next().value();
        stored++;
        if (now < TtlIndex.expiresAt(value)) {
          live.add(value);
        }
      }
      if (live.size() == stored) {
        continue; // rewritten since with later expirations: the index entries were stale
      }
      removed += stored - live.size();
      clear(store, scans, prefix);
      if (live.isEmpty()) {
        continue;
      }
      long i = 0;
      for (byte[] value : live) {
        byte[] key = KeyLayout.withLong(prefix, i++);
        store.put(key, value);
        ttl.index().add(TtlIndex.expiresAt(value), key);
      }
      store.put(prefix, KeyLayout.longBytes(i));
    }
    return removed;
  }
}
