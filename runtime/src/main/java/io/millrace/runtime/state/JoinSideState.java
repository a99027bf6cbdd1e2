package io.millrace.runtime.state;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * One side's rows of a stream-stream join in one state partition, in the partition's store,
 * which holds both sides (each key starts with its side, 0 or 1, so that everything a batch
 * changes commits together), as two kinds of entry:
 * <ul>
 *   <li>rows by key: {@code side, 0x01, key group, key, time, batch, ordinal}. A key's rows are
 *       one range, in event-time order, which a row of the other side reads to find its
 *       matches.</li>
 *   <li>rows by time: {@code side, 0x00, time, key group, key, batch, ordinal}, for a side whose
 *       rows expire: the rows the watermark expires are the range below its state watermark, so
 *       eviction reads those and nothing else, and a batch whose watermark did not move reads
 *       nothing.</li>
 * </ul>
 * The encoded row and its matched flag are the value of the entry by time where the row has one
 * (its entry by key then has an empty value): eviction, which reads every row it drops, then
 * reads them in its one range scan, while a match, rarer, reads its row by a second lookup.
 * A row without an entry by time keeps them in its entry by key.
 * Times are big-endian with the sign bit flipped, so that byte order is time order. The batch id
 * and the row's place in its partition's input make a row's entry unique and the same when a
 * batch is replayed. A row whose time column is null has no entry by time: like Spark, it never
 * expires.
 */
final class JoinSideState {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final byte BY_TIME = 0;
  private static final byte BY_KEY = 1;
  private static final byte COUNT = 2;
  private static final byte[] NO_VALUE = {};
  /** After the key in a by-key entry: time, batch id, ordinal. */
  private static final int SUFFIX = 8 + 8 + 4;

  /** A row of this side in state, with the key of the entry that holds it. */
  record Entry(byte[] valueKey, Row row, boolean matched) {}

  private final StateStore store;
  private final int side;
  private final JoinPlan plan;
  private final RowCodec rows;
  /** The side's rows in state, kept under {@code side, 0x02}: what the progress reports as the state's rows. */
  private long count;
  private final long countAtStart;
  private long added;
  private long removed;
  private long scannedToEvict;
  private long fullScans;

  JoinSideState(StateStore store, int side, JoinPlan plan, RowCodec rows) {
    this.store = store;
    this.side = side;
    this.plan = plan;
    this.rows = rows;
    byte[] c = store.get(countKey());
    this.count = c == null ? 0 : (long) LONG.get(c, 0);
    this.countAtStart = count;
  }

  private byte[] countKey() {
    return new byte[] {(byte) side, COUNT};
  }

  /** Writes the side's count of rows if the batch changed it; before the store commits. */
  void saveCount() {
    if (count != countAtStart) {
      byte[] c = new byte[8];
      LONG.set(c, 0, count);
      store.put(countKey(), c);
    }
  }

  /** The side's rows in state now. */
  long rows() {
    return count;
  }

  /** The rows of {@code key} (an encoded join key of key group {@code group}), earliest first. */
  List<Entry> rowsOf(int group, byte[] key) {
    byte[] prefix = keyPrefix(group, key);
    List<Entry> out = null; // most probes find nothing: no list for them
    List<byte[]> elsewhere = null;
    for (Iterator<KeyValue> it = range(prefix, successor(prefix)); it.hasNext(); ) {
      KeyValue kv = it.next();
      byte[] v = kv.value();
      if (v.length == 0) {
        if (elsewhere == null) {
          elsewhere = new ArrayList<>();
        }
        elsewhere.add(byTime(kv.key()));
      } else {
        if (out == null) {
          out = new ArrayList<>();
        }
        out.add(new Entry(kv.key(), rows.decode(v, v.length - 1), v[v.length - 1] != 0));
      }
    }
    if (elsewhere != null) { // read after the scan: a store need not allow lookups inside a range scan
      if (out == null) {
        out = new ArrayList<>(elsewhere.size());
      }
      for (byte[] at : elsewhere) {
        byte[] v = store.get(at);
        out.add(new Entry(at, rows.decode(v, v.length - 1), v[v.length - 1] != 0));
      }
    }
    return out == null ? List.of() : out;
  }

  /** Records that {@code entry} matched a row of the other side. */
  void markMatched(Entry entry) {
    store.put(entry.valueKey(), value(entry.row(), true));
  }

  /**
   * Keeps {@code row} under its key (of key group {@code group}), the {@code ordinal}-th row of
   * this side in this partition in batch {@code batchId}.
   */
  void add(int group, byte[] key, Row row, boolean matched, long batchId, int ordinal) {
    TimeColumn timeColumn = plan.stateTimeColumn(side);
    boolean timed = !timeColumn.isNullIn(row);
    long time = timed ? timeColumn.micros(row) : 0;
    int prefix = 4 + key.length;
    byte[] byKey = keyPrefix(group, key, SUFFIX); // the prefix and the suffix in one array
    LONG.set(byKey, prefix, time ^ Long.MIN_VALUE);
    LONG.set(byKey, prefix + 8, batchId);
    INT.set(byKey, prefix + 16, ordinal);
    store.put(byKey, timed ? NO_VALUE : value(row, matched));
    if (timed) {
      store.put(byTime(byKey), value(row, matched));
    }
    added++;
    count++;
  }

  /**
   * Removes every row whose time is at or before {@code stateWatermark}, and returns how many
   * there were. {@code expired}, if given, gets each row and whether it matched before it goes
   * (an outer side's rows, to emit those that never matched); without it no row is read, only
   * the index and the rows' entries are dropped.
   */
  long evict(long stateWatermark, java.util.function.BiConsumer<Row, Boolean> expired) {
    if (stateWatermark == Long.MIN_VALUE) {
      return 0;
    }
    byte[] from = {(byte) side, BY_TIME};
    byte[] to = new byte[10];
    to[0] = (byte) side;
    to[1] = BY_TIME;
    LONG.set(to, 2, (stateWatermark + 1) ^ Long.MIN_VALUE); // exclusive end: times up to and including the watermark
    if (stateWatermark == Long.MAX_VALUE) {
      to = new byte[] {(byte) side, BY_KEY};
    }
    List<byte[]> due = new ArrayList<>();
    for (Iterator<KeyValue> it = range(from, to); it.hasNext(); ) {
      KeyValue kv = it.next();
      due.add(kv.key());
      if (expired != null) {
        byte[] v = kv.value();
        expired.accept(rows.decode(v, v.length - 1), v[v.length - 1] != 0);
      }
    }
    scannedToEvict += due.size();
    if (due.isEmpty()) {
      return 0;
    }
    if (store.supportsRangeScan()) {
      store.removeRange(from, to); // the whole expired stretch of the index at once
    } else {
      due.forEach(store::remove);
    }
    for (byte[] byTime : due) {
      store.remove(byKey(byTime));
    }
    removed += due.size();
    count -= due.size();
    return due.size();
  }

  /**
   * The entries of {@code [from, to)} in key order. A store without range scans reads all its
   * entries for each such read (counted in {@link #fullScans()}); both built-in stores have them.
   */
  private Iterator<KeyValue> range(byte[] from, byte[] to) {
    if (store.supportsRangeScan()) {
      return store.range(from, to);
    }
    fullScans++;
    List<KeyValue> in = new ArrayList<>();
    for (Iterator<KeyValue> all = store.iterator(); all.hasNext(); ) {
      KeyValue kv = all.next();
      if (Arrays.compareUnsigned(kv.key(), from) >= 0 && Arrays.compareUnsigned(kv.key(), to) < 0) {
        in.add(kv);
      }
    }
    in.sort((a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
    return in.iterator();
  }

  long fullScans() {
    return fullScans;
  }

  long added() {
    return added;
  }

  long removed() {
    return removed;
  }

  long scannedToEvict() {
    return scannedToEvict;
  }

  /**
   * The key by time of the row whose key by key is {@code byKey}: the same bytes, the time moved
   * from after the key group and key to before them.
   */
  private static byte[] byTime(byte[] byKey) {
    int middle = byKey.length - 2 - SUFFIX; // key group and key
    byte[] byTime = new byte[byKey.length];
    byTime[0] = byKey[0];
    byTime[1] = BY_TIME;
    System.arraycopy(byKey, 2 + middle, byTime, 2, 8);
    System.arraycopy(byKey, 2, byTime, 10, middle);
    System.arraycopy(byKey, 2 + middle + 8, byTime, 10 + middle, SUFFIX - 8);
    return byTime;
  }

  /** The key by key of the row whose key by time is {@code byTime}: {@link #byTime}'s inverse. */
  private static byte[] byKey(byte[] byTime) {
    int middle = byTime.length - 2 - SUFFIX;
    byte[] byKey = new byte[byTime.length];
    byKey[0] = byTime[0];
    byKey[1] = BY_KEY;
    System.arraycopy(byTime, 10, byKey, 2, middle);
    System.arraycopy(byTime, 2, byKey, 2 + middle, 8);
    System.arraycopy(byTime, 10 + middle, byKey, 2 + middle + 8, SUFFIX - 8);
    return byKey;
  }

  private byte[] value(Row row, boolean matched) {
    return rows.encodeWithTrailer(row, matched ? 1 : 0);
  }

  private byte[] keyPrefix(int group, byte[] key) {
    return keyPrefix(group, key, 0);
  }

  /** {@link #keyPrefix(int, byte[])} with {@code room} zero bytes after it. */
  private byte[] keyPrefix(int group, byte[] key, int room) {
    byte[] prefix = new byte[4 + key.length + room];
    prefix[0] = (byte) side;
    prefix[1] = BY_KEY;
    prefix[2] = (byte) (group >>> 8);
    prefix[3] = (byte) group;
    System.arraycopy(key, 0, prefix, 4, key.length);
    return prefix;
  }

  /** The least key above every key that starts with {@code prefix}. */
  private static byte[] successor(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xFF) {
        byte[] s = Arrays.copyOf(prefix, i + 1);
        s[i]++;
        return s;
      }
    }
    throw new IllegalStateException("no key follows a prefix of 0xFF bytes only");
  }
}
