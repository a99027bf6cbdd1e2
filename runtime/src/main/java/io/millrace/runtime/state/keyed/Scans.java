package io.millrace.runtime.state.keyed;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * The range reads of one partition's keyed state in one batch, counted. A store with range scans
 * reads just the range, lazily; one without reads every entry it holds and keeps those in the
 * range, sorted, and that full scan is counted apart (and said once in the log by the backend),
 * since it turns a read of a few keys into a read of the whole store.
 */
final class Scans {
  private static final Comparator<KeyValue> BY_KEY = (a, b) -> Arrays.compareUnsigned(a.key(), b.key());

  private final Runnable firstFullScan;
  private long entriesScanned;
  private long fullScans;

  /** {@code firstFullScan} runs before each full scan; the backend logs the first of the query's. */
  Scans(Runnable firstFullScan) {
    this.firstFullScan = firstFullScan;
  }

  /** The entries of {@code [from, to)} in unsigned key order. */
  Iterator<KeyValue> range(StateStore store, byte[] from, byte[] to) {
    if (store.supportsRangeScan()) {
      Iterator<KeyValue> range = store.range(from, to);
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return range.hasNext();
        }

        @Override
        public KeyValue next() {
          KeyValue kv = range.next();
          entriesScanned++;
          return kv;
        }
      };
    }
    firstFullScan.run();
    fullScans++;
    List<KeyValue> inRange = new ArrayList<>();
    for (Iterator<KeyValue> all = store.iterator(); all.hasNext(); ) {
      KeyValue kv = all.next();
      entriesScanned++;
      if (Arrays.compareUnsigned(kv.key(), from) >= 0 && Arrays.compareUnsigned(kv.key(), to) < 0) {
        inRange.add(kv);
      }
    }
    inRange.sort(BY_KEY);
    return inRange.iterator();
  }

  /**
   * The first entry of {@code [from, to)}, or null. The store's iterator is closed at once when it
   * can be: left before its end, it would hold what it pins (a RocksDB iterator, its version)
   * until the store's provider closed.
   */
  KeyValue first(StateStore store, byte[] from, byte[] to) {
    if (!store.supportsRangeScan()) {
      Iterator<KeyValue> inRange = range(store, from, to);
      return inRange.hasNext() ? inRange.next() : null;
    }
    Iterator<KeyValue> range = store.range(from, to);
    try {
      if (!range.hasNext()) {
        return null;
      }
      entriesScanned++;
      return range.next();
    } finally {
      if (range instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception e) {
          throw new IllegalStateException("cannot let go of a range read of " + store.id() + ": " + e, e);
        }
      }
    }
  }

  /** Counts {@code n} entries read otherwise (a whole store's rows converted to a new schema). */
  void counted(long n) {
    entriesScanned += n;
  }

  /** Entries read by range scans and full scans so far. */
  long entriesScanned() {
    return entriesScanned;
  }

  /** Reads that had to scan a whole store. */
  long fullScans() {
    return fullScans;
  }
}
