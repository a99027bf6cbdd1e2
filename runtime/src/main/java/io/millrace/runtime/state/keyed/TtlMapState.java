package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import java.util.AbstractMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * A {@link MapState} whose entries expire one by one (see {@link Ttl}), laid out as
 * {@link StoreMapState}'s with each value preceded by its expiration; expired entries are
 * skipped by every read until they are removed. Expired entries leave as a value's do
 * ({@link TtlValueState#expire}): an entry's store key is what the index points at.
 */
final class TtlMapState implements MapState {
  private static final int ENTRIES_END = 0x02;

  private final StateStore store;
  private final KeyScope scope;
  private final VariableCodec mapKeys;
  private final VariableCodec values;
  private final Scans scans;
  private final Ttl ttl;

  TtlMapState(StateStore store, KeyScope scope, VariableCodec mapKeys, VariableCodec values, Scans scans, Ttl ttl) {
    this.store = store;
    this.scope = scope;
    this.mapKeys = mapKeys;
    this.values = values;
    this.scans = scans;
    this.ttl = ttl;
  }

  private byte[] entryKey(Row mapKey) {
    return KeyLayout.concat(scope.prefix(), mapKeys.encode(mapKey));
  }

  private byte[] live(Row mapKey) {
    byte[] bytes = store.get(entryKey(mapKey));
    return bytes == null || ttl.expired(bytes) ? null : bytes;
  }

  @Override
  public Row get(Row mapKey) {
    byte[] bytes = live(mapKey);
    return bytes == null ? null : values.decode(TtlIndex.row(bytes));
  }

  @Override
  public boolean contains(Row mapKey) {
    return live(mapKey) != null;
  }

  @Override
  public void put(Row mapKey, Row value) {
    byte[] key = entryKey(mapKey);
    store.put(key, ttl.write(key, values.encode(value)));
  }

  @Override
  public void remove(Row mapKey) {
    store.remove(entryKey(mapKey));
  }

  @Override
  public Iterator<Map.Entry<Row, Row>> iterator() {
    int offset = scope.prefix().length;
    return entries(kv -> new AbstractMap.SimpleImmutableEntry<>(mapKeys.decodeFrom(kv.key(), offset),
        values.decode(TtlIndex.row(kv.value()))));
  }

  @Override
  public Iterator<Row> keys() {
    int offset = scope.prefix().length;
    return entries(kv -> mapKeys.decodeFrom(kv.key(), offset));
  }

  @Override
  public Iterator<Row> values() {
    return entries(kv -> values.decode(TtlIndex.row(kv.value())));
  }

  @Override
  public boolean exists() {
    return entries(kv -> kv).hasNext();
  }

  @Override
  public void clear() {
    byte[] prefix = scope.prefix();
    if (store.supportsRangeScan()) {
      store.removeRange(prefix, KeyLayout.withByte(prefix, ENTRIES_END));
      return;
    }
    java.util.List<byte[]> keys = new java.util.ArrayList<>();
    scans.range(store, prefix, KeyLayout.withByte(prefix, ENTRIES_END)).forEachRemaining(kv -> keys.add(kv.key()));
    keys.forEach(store::remove);
  }

  /** The current key's live entries as {@code as} maps them, read lazily. */
  private <T> Iterator<T> entries(Function<KeyValue, T> as) {
    byte[] prefix = scope.prefix();
    Iterator<KeyValue> range = scans.range(store, prefix, KeyLayout.withByte(prefix, ENTRIES_END));
    return new Iterator<>() {
      private KeyValue next;

      @Override
      public boolean hasNext() {
        while (next == null && range.hasNext()) {
          KeyValue kv = range.next();
          if (!ttl.expired(kv.value())) {
            next = kv;
          }
        }
        return next != null;
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        KeyValue kv = next;
        next = null;
        return as.apply(kv);
      }
    };
  }
}
