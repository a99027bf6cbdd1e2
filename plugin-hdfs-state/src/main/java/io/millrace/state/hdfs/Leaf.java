package io.millrace.state.hdfs;

import java.util.Arrays;

/**
 * A leaf: sorted keys and their values in parallel arrays, of which the first {@link #count}
 * slots are used. Leaves an editor makes have room for {@link Node#MAX} entries, so that its
 * later inserts and removals under them shift entries in place instead of copying the arrays;
 * slots past the count are null, so that a removed entry is not kept alive.
 */
final class Leaf extends Node {
  final byte[][] keys;
  final byte[][] values;
  /** Entries in use; changes only while the leaf is its editor's alone. */
  int count;

  Leaf(long generation, byte[][] keys, byte[][] values, int count) {
    super(generation);
    this.keys = keys;
    this.values = values;
    this.count = count;
  }

  @Override
  int size() {
    return count;
  }

  /** The arrays as allocated, room to spare included: that is what the heap holds. */
  @Override
  long structureBytes() {
    return MemoryLayout.LEAF_OBJECT + 2 * MemoryLayout.referenceArray(keys.length);
  }

  boolean full() {
    return count == keys.length;
  }

  /** Inserts an entry at {@code at}, shifting those after it; the leaf must not be {@link #full()}. */
  void insertAt(int at, byte[] key, byte[] value) {
    System.arraycopy(keys, at, keys, at + 1, count - at);
    System.arraycopy(values, at, values, at + 1, count - at);
    keys[at] = key;
    values[at] = value;
    count++;
  }

  /** Removes entry {@code at}, shifting those after it. */
  void removeAt(int at) {
    System.arraycopy(keys, at + 1, keys, at, count - at - 1);
    System.arraycopy(values, at + 1, values, at, count - at - 1);
    count--;
    keys[count] = null;
    values[count] = null;
  }

  /** Removes entries {@code [from, to)}, shifting those after them. */
  void removeRange(int from, int to) {
    int removed = to - from;
    System.arraycopy(keys, to, keys, from, count - to);
    System.arraycopy(values, to, values, from, count - to);
    Arrays.fill(keys, count - removed, count, null);
    Arrays.fill(values, count - removed, count, null);
    count -= removed;
  }

  /** Keeps the first {@code length} entries and clears the slots of the rest. */
  void truncate(int length) {
    Arrays.fill(keys, length, count, null);
    Arrays.fill(values, length, count, null);
    count = length;
  }
}
