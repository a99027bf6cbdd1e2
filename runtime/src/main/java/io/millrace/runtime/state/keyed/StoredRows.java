package io.millrace.runtime.state.keyed;

import io.millrace.api.state.StateSchemaEvolution;
import io.millrace.runtime.state.RowCodec;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * Converts a variable's stored rows from the schema they were written with to the one it is
 * declared with now, as {@link StateSchemaEvolution#read} reads them, in the store that the
 * batch commits: every row is then of the declared schema, and reads need no per-row schema.
 * Reads the whole store once, in the first batch after the change.
 */
final class StoredRows {
  private StoredRows() {}

  /** Returns how many rows it converted. */
  static long convert(StateStore store, StateVariable v, Schema from, Scans scans) {
    RowCodec before = new RowCodec(from);
    RowCodec after = new RowCodec(v.valueSchema());
    int skip = v.hasTtl() ? Long.BYTES : 0; // a value with TTL starts with its expiration, kept as it is
    List<KeyValue> entries = new ArrayList<>();
    for (Iterator<KeyValue> it = store.iterator(); it.hasNext(); ) {
      entries.add(it.next());
      scans.counted(1);
    }
    // In key order a list's size entry (its key prefix) comes right before its elements (prefix + index).
    entries.sort((a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
    byte[] listPrefix = null;
    long converted = 0;
    for (KeyValue kv : entries) {
      byte[] key = kv.key();
      if (v.kind() == StateVariable.Kind.LIST) {
        boolean element = listPrefix != null && key.length == listPrefix.length + Long.BYTES
            && KeyLayout.startsWith(key, listPrefix);
        if (!element) {
          listPrefix = key; // a size entry, or a whole list packed
          if (skip == 0 && PackedList.isPacked(kv.value())) {
            byte[][] elements = PackedList.elements(kv.value(), store);
            for (int i = 0; i < elements.length; i++) {
              elements[i] = convert(elements[i], before, after, from, v.valueSchema());
            }
            store.put(key, PackedList.pack(elements), StateStore.Presence.PRESENT);
            converted += elements.length;
          }
          continue;
        }
      }
      byte[] value = kv.value();
      byte[] row = convert(Arrays.copyOfRange(value, skip, value.length), before, after, from, v.valueSchema());
      byte[] out = new byte[skip + row.length];
      System.arraycopy(value, 0, out, 0, skip);
      System.arraycopy(row, 0, out, skip, row.length);
      store.put(key, out, StateStore.Presence.PRESENT);
      converted++;
    }
    return converted;
  }

  private static byte[] convert(byte[] row, RowCodec before, RowCodec after, Schema from, Schema to) {
    return after.encode(StateSchemaEvolution.read(before.decode(row), from, to));
  }
}
