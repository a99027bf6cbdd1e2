package io.millrace.runtime.state;

import io.millrace.spi.data.Row;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * One state partition's input of a batch, grouped by encoded key: the keys in the order the
 * state stores them, each key's rows in input order, as {@code transformWithState} hands them
 * to the processor. Grouped by a hash table over the distinct keys, each copied once, and only
 * those sorted: a sorted map of every row's key copied out was a tenth of the benchmark's CPU
 * (its comparisons) and most of its garbage.
 *
 * <p>Each key's rows are then laid side by side in one array, by a counting pass over the rows
 * in input order that reads only the buckets' arrays. A handler walking a key's rows knows where
 * the next ones are without reading the one before, so the processor can fetch several rows'
 * objects at once: with the rows chained by index, each step waited for the one before, and on
 * the sessions benchmark that walk held a sixth of the processing thread's samples.
 *
 * <p>The rows are let go of as soon as they are processed: the buckets are emptied once their
 * rows are here, and each row handed out leaves. A young collection during the state task then
 * copies only the rows still to come, not the whole batch twice over: on the sessions benchmark
 * (tws, rocksdb) that cut the collector's time from 860–930 to 280–300 ms a run.
 */
final class KeyGroupedInput {
  /** Per group: how many rows it has. */
  private int[] rowCount = new int[16];
  /**
   * The groups' keys side by side, group {@code g}'s from {@code groupKeyStart[g]} to
   * {@code groupKeyStart[g + 1]}, and their hashes: each row's key is compared with its group's
   * here, in tens of kilobytes for thousands of keys, rather than where the group's first row lies
   * in the buckets' megabytes (a miss in the CPU cache per row).
   */
  private byte[] groupKeys = new byte[256];
  private int[] groupKeyStart = new int[17];
  private int[] groupHash = new int[16];
  private int groups;
  /** Open addressing: group + 1, or 0 for an empty slot. */
  private int[] table;
  /** Every row, group by group, each group's in input order; group {@code g}'s start at {@code groupStart[g]}. */
  private final Row[] byGroup;
  private final int[] groupStart;

  /** Takes the rows of {@code buckets}, which are empty afterwards. */
  KeyGroupedInput(RoutedRows.Bucket[] buckets) {
    int rows = 0;
    for (RoutedRows.Bucket bucket : buckets) {
      rows = Math.addExact(rows, bucket.size());
    }
    int[] groupOf = new int[rows];
    this.table = new int[64];
    int row = 0;
    for (RoutedRows.Bucket bucket : buckets) {
      for (int i = 0; i < bucket.size(); i++, row++) {
        groupOf[row] = add(bucket, i);
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
      bucket.release();
    }
  }

  /** Counts row {@code i} of {@code bucket} in its key's group; returns the group. */
  private int add(RoutedRows.Bucket bucket, int i) {
    byte[] keys = bucket.keyBytes();
    int from = bucket.keyStart(i);
    int to = bucket.keyEnd(i);
    int hash = hash(keys, from, to);
    int mask = table.length - 1;
    for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
      int g = table[slot] - 1;
      if (g < 0) {
        return newGroup(slot, hash, keys, from, to);
      }
      if (groupHash[g] == hash && Arrays.equals(keys, from, to, groupKeys, groupKeyStart[g], groupKeyStart[g + 1])) {
        rowCount[g]++;
        return g;
      }
    }
  }

  private int newGroup(int slot, int hash, byte[] keys, int from, int to) {
    if (groups == rowCount.length) {
      rowCount = Arrays.copyOf(rowCount, groups * 2);
      groupHash = Arrays.copyOf(groupHash, groups * 2);
      groupKeyStart = Arrays.copyOf(groupKeyStart, groups * 2 + 1);
    }
    int g = groups;
    int at = groupKeyStart[g];
    int end = Math.addExact(at, to - from);
    if (end > groupKeys.length) {
      groupKeys = Arrays.copyOf(groupKeys, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * groupKeys.length, end)));
    }
    System.arraycopy(keys, from, groupKeys, at, to - from);
    groupKeyStart[g + 1] = end;
    groupHash[g] = hash;
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
      int slot = groupHash[g] & mask;
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
    int[] order = new int[groups];
    for (int g = 0; g < groups; g++) {
      order[g] = g;
      keyGroupOf[g] = keyGroups.keyGroup(groupKeys, groupKeyStart[g], groupKeyStart[g + 1] - groupKeyStart[g]);
    }
    return mergeSort(order, new int[groups], keyGroupOf);
  }

  /**
   * Sorts group indexes by store order, bottom-up, and returns whichever of the two arrays holds
   * the result. Not {@code Arrays.sort(Integer[], Comparator)}: sharing the JDK's TimSort with a
   * handler's {@code List.sort} (an {@code Object[]} of other elements, another comparator) made
   * the JIT throw TimSort's compiled code away and compile it again: 40 compiles in one run.
   */
  private int[] mergeSort(int[] from, int[] to, int[] keyGroupOf) {
    for (int width = 1; width < groups; width *= 2) {
      for (int lo = 0; lo < groups; lo += 2 * width) {
        int mid = Math.min(lo + width, groups);
        int hi = Math.min(lo + 2 * width, groups);
        int a = lo;
        int b = mid;
        for (int k = lo; k < hi; k++) {
          to[k] = a < mid && (b >= hi || compare(from[a], from[b], keyGroupOf) <= 0) ? from[a++] : from[b++];
        }
      }
      int[] swap = from;
      from = to;
      to = swap;
    }
    return from;
  }

  private int compare(int a, int b, int[] keyGroupOf) {
    int byGroup = Integer.compare(keyGroupOf[a], keyGroupOf[b]);
    return byGroup != 0 ? byGroup : Arrays.compareUnsigned(groupKeys, groupKeyStart[a], groupKeyStart[a + 1],
        groupKeys, groupKeyStart[b], groupKeyStart[b + 1]);
  }

  /** A new array holding group {@code g}'s encoded key. */
  byte[] key(int g) {
    return Arrays.copyOfRange(groupKeys, groupKeyStart[g], groupKeyStart[g + 1]);
  }

  /** Where group {@code g}'s rows start in {@link #row}'s order: each group's lie together, in input order. */
  int rowsFrom(int g) {
    return groupStart[g];
  }

  /** Where group {@code g}'s rows end (exclusive) in {@link #row}'s order. */
  int rowsTo(int g) {
    return groupStart[g + 1];
  }

  /**
   * Row {@code i} of the rows laid out group by group; null once {@link #rows} has handed it out
   * or {@link #release} let go of its group.
   */
  Row row(int i) {
    return byGroup[i];
  }

  /** Lets go of group {@code g}'s rows, which the caller has processed. */
  void release(int g) {
    Arrays.fill(byGroup, groupStart[g], groupStart[g + 1], null);
  }

  /**
   * Group {@code g}'s rows, in input order, each handed out once: the iterator lets go of it, and
   * a second iterator over the group, which would find none, fails.
   */
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
        Row row = byGroup[next];
        if (row == null) {
          throw new IllegalStateException("the rows of this key were handed out already");
        }
        byGroup[next++] = null;
        return row;
      }
    };
  }
}
