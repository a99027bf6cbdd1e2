package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStore.Presence;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A {@link ListState} as one entry per element, {@code prefix + index} (eight big-endian bytes,
 * from 0), and the list's size under the key prefix itself. An append writes its element and the
 * size, never the elements before it, as Spark's join state keeps {@code keyToNumValues} beside
 * {@code keyWithIndexToValue}. Indexes are never negative, so a key's elements are the range
 * {@code [prefix + 0x00, prefix + 0x80)}. The size says which indexes exist, so every write
 * tells the store whether its key is there ({@link Presence}) and needs no lookup.
 */
final class StoreListState implements ListState {
  private static final int ELEMENTS_END = 0x80;

  private final StateStore store;
  private final KeyScope scope;
  private final VariableCodec values;
  private final Scans scans;
  /**
   * The size of the list of the key whose prefix is {@link #sizeOf} (the very array the scope
   * gave; a new key brings a new one), as last read or written here: a processor that reads its
   * list and then puts it back read the size from the store twice, a point lookup each, which
   * on RocksDB is a call into the database. Only this object writes the variable's store.
   */
  private byte[] sizeOf;
  private long cachedSize;

  StoreListState(StateStore store, KeyScope scope, VariableCodec values, Scans scans) {
    this.store = store;
    this.scope = scope;
    this.values = values;
    this.scans = scans;
  }

  @Override
  public Iterator<Row> get() {
    byte[] prefix = scope.prefix();
    long size = size();
    if (size == 0) {
      return java.util.Collections.emptyIterator();
    }
    if (!store.supportsRangeScan()) {
      return byIndex(prefix, size);
    }
    Iterator<KeyValue> elements = scans.range(store, KeyLayout.withByte(prefix, 0), KeyLayout.withByte(prefix,
        ELEMENTS_END));
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return elements.hasNext();
      }

      @Override
      public Row next() {
        return values.decode(elements.next().value());
      }
    };
  }

  /** Without range scans, a get per element: the size says which indexes there are. */
  private Iterator<Row> byIndex(byte[] prefix, long size) {
    return new Iterator<>() {
      private long next;

      @Override
      public boolean hasNext() {
        return next < size;
      }

      @Override
      public Row next() {
        if (next >= size) {
          throw new NoSuchElementException();
        }
        byte[] bytes = store.get(KeyLayout.withLong(prefix, next++));
        if (bytes == null) {
          throw new IllegalStateException("list state of " + scope.row() + " has no element " + (next - 1)
              + " of its " + size + " in " + store.id().storePath());
        }
        return values.decode(bytes);
      }
    };
  }

  @Override
  public long size() {
    byte[] prefix = scope.prefix();
    if (prefix != sizeOf) {
      byte[] size = store.get(prefix);
      cachedSize = size == null ? 0 : KeyLayout.longAt(size, 0);
      sizeOf = prefix;
    }
    return cachedSize;
  }

  private void sizeWritten(byte[] prefix, long size) {
    sizeOf = prefix;
    cachedSize = size;
  }

  @Override
  public void append(Row value) {
    write(new byte[][] {values.encode(value)}, size());
  }

  @Override
  public void appendAll(List<Row> rows) {
    if (!rows.isEmpty()) {
      write(encode(rows), size());
    }
  }

  @Override
  public void put(List<Row> rows) {
    byte[][] encoded = encode(rows);
    if (encoded.length == 0) {
      clear();
      return;
    }
    // In place: the indexes the new list shares with the old one are overwritten rather than
    // removed and written again (a sessionizer puts its list back each batch, mostly as long).
    byte[] prefix = scope.prefix();
    long old = size();
    for (int i = 0; i < encoded.length; i++) {
      store.put(KeyLayout.withLong(prefix, i), encoded[i], i < old ? Presence.PRESENT : Presence.ABSENT);
    }
    if (old > encoded.length) {
      if (store.supportsRangeScan()) {
        store.removeRange(KeyLayout.withLong(prefix, encoded.length), KeyLayout.withByte(prefix, ELEMENTS_END));
      } else {
        for (long i = encoded.length; i < old; i++) {
          store.remove(KeyLayout.withLong(prefix, i), Presence.PRESENT);
        }
      }
    }
    if (old != encoded.length) {
      store.put(prefix, KeyLayout.longBytes(encoded.length), old == 0 ? Presence.ABSENT : Presence.PRESENT);
    }
    sizeWritten(prefix, encoded.length);
  }

  /** Encoded before anything is written, so a row that does not fit leaves the list as it was. */
  private byte[][] encode(List<Row> rows) {
    byte[][] encoded = new byte[rows.size()][];
    for (int i = 0; i < encoded.length; i++) {
      encoded[i] = values.encode(rows.get(i));
    }
    return encoded;
  }

  /** Writes {@code elements} from index {@code size} on, and the new size. */
  private void write(byte[][] elements, long size) {
    byte[] prefix = scope.prefix();
    Presence sizeBefore = size == 0 ? Presence.ABSENT : Presence.PRESENT;
    for (byte[] element : elements) {
      store.put(KeyLayout.withLong(prefix, size++), element, Presence.ABSENT);
    }
    store.put(prefix, KeyLayout.longBytes(size), sizeBefore);
    sizeWritten(prefix, size);
  }

  @Override
  public boolean exists() {
    return size() > 0; // the size entry is there iff the list has elements
  }

  @Override
  public void clear() {
    byte[] prefix = scope.prefix();
    long size = size();
    if (size == 0) {
      return; // nothing stored: no range to scan
    }
    if (store.supportsRangeScan()) {
      store.removeRange(prefix, KeyLayout.withByte(prefix, ELEMENTS_END));
    } else {
      for (long i = 0; i < size; i++) {
        store.remove(KeyLayout.withLong(prefix, i), Presence.PRESENT);
      }
      store.remove(prefix, Presence.PRESENT);
    }
    sizeWritten(prefix, 0);
  }
}
