package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The time-ordered index of a TTL variable's values, in a store of its own ({@code _ttl_<name>},
 * committed with the variable's): one entry {@code expiration, store key} per write, the
 * expiration first (ordered as signed numbers), no value. The values themselves carry their
 * expiration too (eight bytes before the row), which is what reads check: an index entry whose
 * value was rewritten since (with a later expiration) or removed is stale, and dropped unread
 * when its time comes. So a write adds an entry and reads nothing, as Spark's {@code $ttl_} index.
 *
 * <p>The expired entries are the range {@code [-inf, now + 1)}: cleaning up reads them and no
 * other, whatever the variable holds.
 */
final class TtlIndex {
  static final Schema KEY_SCHEMA = Schema.of(new Field("expiresMs", DataType.LONG, false),
      new Field("entry", DataType.BINARY, false));
  private static final byte[] NO_VALUE = new byte[0];

  /** An index entry that is due: the store key of the value it points at and when that expires(d). */
  record Due(long expiresMs, byte[] entryKey, byte[] indexKey) {}

  private final StateStore store;
  private final Scans scans;
  private long read;

  TtlIndex(StateStore store, Scans scans) {
    this.store = store;
    this.scans = scans;
  }

  void add(long expiresMs, byte[] entryKey) {
    store.put(KeyLayout.concat(KeyLayout.withTime(new byte[0], expiresMs), entryKey), NO_VALUE);
  }

  /** The entries expiring at or before {@code nowMs}, earliest first; read before any is removed. */
  List<Due> due(long nowMs) {
    byte[] to = KeyLayout.withTime(new byte[0], nowMs == Long.MAX_VALUE ? nowMs : nowMs + 1);
    List<Due> due = new ArrayList<>();
    for (Iterator<KeyValue> it = scans.range(store, KeyLayout.withTime(new byte[0], Long.MIN_VALUE), to);
        it.hasNext(); ) {
      byte[] key = it.next().key();
      read++;
      due.add(new Due(KeyLayout.timeAt(key, 0), Arrays.copyOfRange(key, Long.BYTES, key.length), key));
    }
    return due;
  }

  void remove(Due d) {
    store.remove(d.indexKey());
  }

  /** Index entries read by {@link #due} in this batch. */
  long read() {
    return read;
  }

  /** The expiration a stored value starts with. */
  static long expiresAt(byte[] value) {
    return KeyLayout.longAt(value, 0);
  }

  /** {@code row} preceded by its expiration. */
  static byte[] withExpiry(long expiresMs, byte[] row) {
    return KeyLayout.concat(KeyLayout.longBytes(expiresMs), row);
  }

  static byte[] row(byte[] value) {
    return Arrays.copyOfRange(value, Long.BYTES, value.length);
  }
}
