package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStore.Presence;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A {@link MapState} as one entry per map key, {@code prefix + encoded map key}. An encoded row
 * starts with its first field's presence byte, 0 or 1 (a row of no fields is no bytes), so a
 * key's entries are the range {@code [prefix, prefix + 0x02)}.
 */
final class StoreMapState implements MapState {
  private static final int ENTRIES_END = 0x02;

  private final StateStore store;
  private final KeyScope scope;
  private final VariableCodec mapKeys;
  private final VariableCodec values;
  private final Scans scans;

  StoreMapState(StateStore store, KeyScope scope, VariableCodec mapKeys, VariableCodec values, Scans scans) {
    this.store = store;
    this.scope = scope;
    this.mapKeys = mapKeys;
    this.values = values;
    this.scans = scans;
  }

  private byte[] entryKey(Row mapKey) {
    return KeyLayout.concat(scope.prefix(), mapKeys.encode(mapKey));
  }

  @Override
  public Row get(Row mapKey) {
    byte[] bytes = store.get(entryKey(mapKey));
    return bytes == null ? null : values.decode(bytes);
  }

  @Override
  public boolean contains(Row mapKey) {
    return store.get(entryKey(mapKey)) != null;
  }

  @Override
  public void put(Row mapKey, Row value) {
    byte[] key = entryKey(mapKey);
    store.put(key, values.encode(value));
  }

  @Override
  public void remove(Row mapKey) {
    store.remove(entryKey(mapKey));
  }

  @Override
  public void put(Row mapKey, Row value, Presence before) {
    byte[] key = entryKey(mapKey);
    store.put(key, values.encode(value), before);
  }

  @Override
  public void remove(Row mapKey, Presence before) {
    store.remove(entryKey(mapKey), before);
  }

  @Override
  public Iterator<Map.Entry<Row, Row>> iterator() {
    int offset = scope.prefix().length;
    return entries(kv -> new AbstractMap.SimpleImmutableEntry<>(mapKeys.decodeFrom(kv.key(), offset),
        values.decode(kv.value())));
  }

  @Override
  public Iterator<Row> keys() {
    int offset = scope.prefix().length;
    return entries(kv -> mapKeys.decodeFrom(kv.key(), offset));
  }

  @Override
  public Iterator<Row> values() {
    return entries(kv -> values.decode(kv.value()));
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
    List<byte[]> keys = new ArrayList<>();
    entries(KeyValue::key).forEachRemaining(keys::add);
    keys.forEach(store::remove);
  }

  /** The current key's entries as {@code as} maps them, read lazily (the key current when it was made). */
  private <T> Iterator<T> entries(Function<KeyValue, T> as) {
    byte[] prefix = scope.prefix();
    Iterator<KeyValue> range = scans.range(store, prefix, KeyLayout.withByte(prefix, ENTRIES_END));
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return range.hasNext();
      }

      @Override
      public T next() {
        return as.apply(range.next());
      }
    };
  }
}
