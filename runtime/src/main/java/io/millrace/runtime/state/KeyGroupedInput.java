package io.millrace.runtime.state;

import io.millrace.spi.data.Row;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * One state partition's input of a batch, grouped by encoded key: the keys in the order the
 * state stores them, each key's rows in input order, as {@code transformWithState} hands them
 * to the processor. Grouped by a hash table over the keys where they lie in the buckets, and only
 * the distinct keys sorted: a sorted map of every row's key copied out was a tenth of the
 * benchmark's CPU (its comparisons) and most of its garbage.
 *
 * <p>Each key's rows are then laid side by side in one array, by a counting pass over the rows
 * in input order that reads only the buckets' arrays. A handler walking a key's rows knows where
 * the next ones are without reading the one before, so the processor can fetch several rows'
 * objects at once: with the rows chained by index, each step waited for the one before, and on
 * the sessions benchmark that walk held a sixth of the processing thread's samples.
 */
final class KeyGroupedInput {
  private final RoutedRows.Bucket[] buckets;
  /** Row {@code r} (over all buckets, in order) is row {@code r - bucketStart[b]} of bucket {@code b}. */
  private final int[] bucketStart;
  /** Per group: its first row (over all buckets), whose key is the group's, and how many rows it has. */
  private int[] firstRow;
  private int[] rowCount;
  private int groups;
  /** Open addressing: group + 1, or 0 for an empty slot. */
  private int[] table;
  /** Every row, group by group, each group's in input order; group {@code g}'s start at {@code groupStart[g]}. */
  private final Row[] byGroup;
  private final int[] groupStart;

  KeyGroupedInput(RoutedRows.Bucket[] buckets) {
    this.buckets = buckets;
    this.bucketStart = new int[buckets.length + 1];
    for (int b = 0; b < buckets.length; b++) {
      bucketStart[b + 1] = Math.addExact(bucketStart[b], buckets[b].size());
    }
    int rows = bucketStart[buckets.length];
    int[] groupOf = new int[rows];
    this.firstRow = new int[16];
    this.rowCount = new int[16];
    this.table = new int[64];
    int row = 0;
    for (RoutedRows.Bucket bucket : buckets) {
      for (int i = 0; i < bucket.size(); i++, row++) {
        groupOf[row] = add(row, bucket, i);
      }
    }
    this.groupStart = new int[groups + 1];
    for (int g = 0; g < groups; g++) {
      groupStart[g + 1] = groupStart[g] + rowCount[g];
    }
    this.byGroup = new Row[rows];
    int[] next = Arrays.copyOf(groupStart, groups);
    row = 0;
    for (RoutedRows.Bucket bucket : buckets) {
      for (int i = 0; i < bucket.size(); i++, row++) {
        byGroup[next[groupOf[row]]++] = bucket.row(i);
      }
    }
  }

  /** Counts row {@code row}, row {@code i} of {@code bucket}, in its key's group; returns the group. */
  private int add(int row, RoutedRows.Bucket bucket, int i) {
    byte[] keys = bucket.keyBytes();
    int from = bucket.keyStart(i);
    int to = bucket.keyEnd(i);
    int mask = table.length - 1;
    for (int slot = hash(keys, from, to) & mask; ; slot = (slot + 1) & mask) {
      int g = table[slot] - 1;
      if (g < 0) {
        return newGroup(slot, row);
      }
      int first = firstRow[g];
      RoutedRows.Bucket other = bucketOf(first);
      int j = first - bucketStart[indexOf(first)];
      if (Arrays.equals(keys, from, to, other.keyBytes(), other.keyStart(j), other.keyEnd(j))) {
        rowCount[g]++;
        return g;
      }
    }
  }

  private int newGroup(int slot, int row) {
    if (groups == firstRow.length) {
      firstRow = Arrays.copyOf(firstRow, groups * 2);
      rowCount = Arrays.copyOf(rowCount, groups * 2);
    }
    int g = groups;
    firstRow[g] = row;
    rowCount[g] = 1;
    table[slot] = ++groups;
    if (groups * 2 > table.length) {
      rehash();
    }
    return g;
  }

  private void rehash() {
    table = new int[table.length * 2];
    int mask = table.length - 1;
    for (int g = 0; g < groups; g++) {
      int r = firstRow[g];
      RoutedRows.Bucket b = bucketOf(r);
      int j = r - bucketStart[indexOf(r)];
      int slot = hash(b.keyBytes(), b.keyStart(j), b.keyEnd(j)) & mask;
      while (table[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      table[slot] = g + 1;
    }
  }

  private static int hash(byte[] bytes, int from, int to) {
    int h = 1;
    for (int i = from; i < to; i++) {
      h = 31 * h + bytes[i];
    }
    return h ^ (h >>> 16) * 0x9E3779B9 ^ (h >>> 7);
  }

  /** The bucket holding row {@code row} (over all buckets). */
  private int indexOf(int row) {
    // The last bucket starting at or before the row: an empty bucket starts where the next one does.
    int lo = 0;
    int hi = buckets.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (bucketStart[mid] <= row) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private RoutedRows.Bucket bucketOf(int row) {
    return buckets[indexOf(row)];
  }

  int keys() {
    return groups;
  }

  /**
   * The groups in the order keyed state stores their keys ({@link KeyGroups#storeOrder}): by key
   * group, then by the unsigned bytes of the key. Each key's reads then come after the writes of
   * every key before it in the store, so an iterator over its entries leaves the changes buffered
   * so far where they are (the rocksdb store's batch), and its point reads walk the store in order.
   */
  int[] sortedGroups(KeyGroups keyGroups) {
    int[] keyGroupOf = new int[groups];
    Integer[] order = new Integer[groups];
    for (int g = 0; g < groups; g++) {
      order[g] = g;
      int r = firstRow[g];
      RoutedRows.Bucket b = bucketOf(r);
      int i = r - bucketStart[indexOf(r)];
      keyGroupOf[g] = keyGroups.keyGroup(b.keyBytes(), b.keyStart(i), b.keyEnd(i) - b.keyStart(i));
    }
    Arrays.sort(order, (a, b) -> {
      int byGroup = Integer.compare(keyGroupOf[a], keyGroupOf[b]);
      if (byGroup != 0) {
        return byGroup;
      }
      int ra = firstRow[a];
      int rb = firstRow[b];
      RoutedRows.Bucket ba = bucketOf(ra);
      RoutedRows.Bucket bb = bucketOf(rb);
      int ia = ra - bucketStart[indexOf(ra)];
      int ib = rb - bucketStart[indexOf(rb)];
      return Arrays.compareUnsigned(ba.keyBytes(), ba.keyStart(ia), ba.keyEnd(ia), bb.keyBytes(), bb.keyStart(ib),
          bb.keyEnd(ib));
    });
    int[] sorted = new int[groups];
    for (int g = 0; g < groups; g++) {
      sorted[g] = order[g];
    }
    return sorted;
  }

  /** A new array holding group {@code g}'s encoded key. */
  byte[] key(int g) {
    int r = firstRow[g];
    int b = indexOf(r);
    return buckets[b].key(r - bucketStart[b]);
  }

  /** Where group {@code g}'s rows start in {@link #row}'s order: each group's lie together, in input order. */
  int rowsFrom(int g) {
    return groupStart[g];
  }

  /** Where group {@code g}'s rows end (exclusive) in {@link #row}'s order. */
  int rowsTo(int g) {
    return groupStart[g + 1];
  }

  /** Row {@code i} of the rows laid out group by group. */
  Row row(int i) {
    return byGroup[i];
  }

  /** Group {@code g}'s rows, in input order. */
  Iterator<Row> rows(int g) {
    int end = groupStart[g + 1];
    return new Iterator<>() {
      private int next = groupStart[g];

      @Override
      public boolean hasNext() {
        return next < end;
      }

      @Override
      public Row next() {
        if (next >= end) {
          throw new NoSuchElementException();
        }
        return byGroup[next++];
      }
    };
  }
}
