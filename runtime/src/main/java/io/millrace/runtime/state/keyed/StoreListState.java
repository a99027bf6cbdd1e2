package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStore.Presence;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A {@link ListState} in one of two layouts, told apart by the entry under the key prefix:
 * <ul>
 *   <li><b>packed</b>, while the list fits {@link PackedList#MAX_BYTES}: the whole list in that
 *       one entry, so reading a key's list is one point lookup and writing it one put. Most
 *       lists a processor keeps per key (a sessionizer's open sessions) are this short; on
 *       RocksDB the iterator a range read needs cost more than the rest of the key's work.</li>
 *   <li><b>one entry per element</b>, {@code prefix + index} (eight big-endian bytes, from 0),
 *       with the list's size under the prefix: an append writes its element and the size, never
 *       the elements before it, as Spark's join state keeps {@code keyToNumValues} beside
 *       {@code keyWithIndexToValue}. Indexes are never negative, so a key's elements are the
 *       range {@code [prefix + 0x00, prefix + 0x80)}.</li>
 * </ul>
 * A list moves to elements when an append or put outgrows a packed entry, and back when a put
 * fits one. The prefix entry says which keys exist, so every write tells the store whether its
 * key is there ({@link Presence}) and needs no lookup.
 */
final class StoreListState implements ListState {
  private static final int ELEMENTS_END = 0x80;

  private final StateStore store;
  private final KeyScope scope;
  private final VariableCodec values;
  private final Scans scans;
  /**
   * The prefix entry of the key whose prefix is {@link #headOf} (the very array the scope gave;
   * a new key brings a new one), as last read or written here, null when the key has no list: a
   * processor that reads its list and then puts it back would read it twice otherwise, a point
   * lookup each, which on RocksDB is a call into the database. Only this object writes the
   * variable's store.
   */
  private byte[] headOf;
  private byte[] head;

  StoreListState(StateStore store, KeyScope scope, VariableCodec values, Scans scans) {
    this.store = store;
    this.scope = scope;
    this.values = values;
    this.scans = scans;
  }

  @Override
  public Iterator<Row> get() {
    byte[] prefix = scope.prefix();
    byte[] head = head(prefix);
    if (head == null) {
      return java.util.Collections.emptyIterator();
    }
    if (PackedList.isPacked(head)) {
      return Arrays.stream(PackedList.elements(head, store)).map(values::decode).iterator();
    }
    long size = PackedList.size(head, store);
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
    byte[] head = head(scope.prefix());
    return head == null ? 0 : PackedList.isPacked(head) ? PackedList.count(head, store) : PackedList.size(head, store);
  }

  private byte[] head(byte[] prefix) {
    if (prefix != headOf) {
      head = store.get(prefix);
      headOf = prefix;
    }
    return head;
  }

  private void headWritten(byte[] prefix, byte[] written) {
    headOf = prefix;
    head = written;
  }

  @Override
  public void append(Row value) {
    append(new byte[][] {values.encode(value)});
  }

  @Override
  public void appendAll(List<Row> rows) {
    if (!rows.isEmpty()) {
      append(encode(rows));
    }
  }

  private void append(byte[][] added) {
    byte[] prefix = scope.prefix();
    byte[] head = head(prefix);
    if (head != null && !PackedList.isPacked(head)) {
      writeElements(prefix, added, PackedList.size(head, store));
      return;
    }
    byte[][] all = added;
    if (head != null) {
      byte[][] kept = PackedList.elements(head, store);
      all = Arrays.copyOf(kept, kept.length + added.length);
      System.arraycopy(added, 0, all, kept.length, added.length);
    }
    if (PackedList.length(all) <= PackedList.MAX_BYTES) {
      writePacked(prefix, PackedList.pack(all), head);
    } else {
      writeElements(prefix, all, 0);
    }
  }

  @Override
  public void put(List<Row> rows) {
    byte[][] encoded = encode(rows);
    if (encoded.length == 0) {
      clear();
      return;
    }
    byte[] prefix = scope.prefix();
    byte[] head = head(prefix);
    boolean elementsBefore = head != null && !PackedList.isPacked(head);
    if (PackedList.length(encoded) <= PackedList.MAX_BYTES) {
      if (elementsBefore) {
        removeElements(prefix, 0, PackedList.size(head, store));
      }
      writePacked(prefix, PackedList.pack(encoded), head);
      return;
    }
    // In place: the indexes the new list shares with the old one are overwritten rather than
    // removed and written again.
    long old = elementsBefore ? PackedList.size(head, store) : 0;
    for (int i = 0; i < encoded.length; i++) {
      store.put(KeyLayout.withLong(prefix, i), encoded[i], i < old ? Presence.PRESENT : Presence.ABSENT);
    }
    removeElements(prefix, encoded.length, old);
    if (old != encoded.length) {
      byte[] size = KeyLayout.longBytes(encoded.length);
      store.put(prefix, size, head == null ? Presence.ABSENT : Presence.PRESENT);
      headWritten(prefix, size);
    }
  }

  /** Encoded before anything is written, so a row that does not fit leaves the list as it was. */
  private byte[][] encode(List<Row> rows) {
    byte[][] encoded = new byte[rows.size()][];
    for (int i = 0; i < encoded.length; i++) {
      encoded[i] = values.encode(rows.get(i));
    }
    return encoded;
  }

  private void writePacked(byte[] prefix, byte[] packed, byte[] headBefore) {
    store.put(prefix, packed, headBefore == null ? Presence.ABSENT : Presence.PRESENT);
    headWritten(prefix, packed);
  }

  /**
   * Writes {@code elements} as element entries from index {@code size} on, and the new size;
   * entries from {@code size} on do not exist (a list's elements end at its size).
   */
  private void writeElements(byte[] prefix, byte[][] elements, long size) {
    Presence headBefore = head(prefix) == null ? Presence.ABSENT : Presence.PRESENT;
    for (byte[] element : elements) {
      store.put(KeyLayout.withLong(prefix, size++), element, Presence.ABSENT);
    }
    byte[] written = KeyLayout.longBytes(size);
    store.put(prefix, written, headBefore);
    headWritten(prefix, written);
  }

  /** Removes the element entries of indexes {@code [from, to)}, which exist. */
  private void removeElements(byte[] prefix, long from, long to) {
    if (from >= to) {
      return;
    }
    if (store.supportsRangeScan()) {
      store.removeRange(KeyLayout.withLong(prefix, from), KeyLayout.withByte(prefix, ELEMENTS_END));
    } else {
      for (long i = from; i < to; i++) {
        store.remove(KeyLayout.withLong(prefix, i), Presence.PRESENT);
      }
    }
  }

  @Override
  public boolean exists() {
    return head(scope.prefix()) != null; // the prefix entry is there iff the list has elements
  }

  @Override
  public void clear() {
    byte[] prefix = scope.prefix();
    byte[] head = head(prefix);
    if (head == null) {
      return; // nothing stored: no range to scan
    }
    if (!PackedList.isPacked(head)) {
      removeElements(prefix, 0, PackedList.size(head, store));
    }
    store.remove(prefix, Presence.PRESENT);
    headWritten(prefix, null);
  }
}
