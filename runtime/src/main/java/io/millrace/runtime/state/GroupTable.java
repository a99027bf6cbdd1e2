package io.millrace.runtime.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The groups of one input partition's partial aggregation, looked up by the key's parts as
 * they are: a window start as a long and the other grouping values as the row holds them. A
 * row of a group already seen allocates nothing here (no key row, no window struct, no encoded
 * bytes); only a new group copies its values. Groups keep the order they were first seen in.
 *
 * <p>Values compare with {@code equals}; two values that are equal only when encoded (two
 * BINARY arrays of the same bytes) make two groups here, which the state side, keyed by the
 * encoded key, merges again.
 */
final class GroupTable {
  /** One group: its key parts and its partial buffer. */
  static final class Group {
    final int hash;
    final long windowStart;
    final Object[] values;
    final AggBuffer buffer;

    Group(int hash, long windowStart, Object[] values, AggBuffer buffer) {
      this.hash = hash;
      this.windowStart = windowStart;
      this.values = values;
      this.buffer = buffer;
    }
  }

  private final List<Group> groups;
  /**
   * Open addressing, two ints a slot: the group's hash, and its index + 1 into {@link #groups}
   * (0 when free). The hash sits beside the index so that a probe past another group's slot
   * reads no group: each group read is a cache miss or several (group, values, their objects).
   */
  private int[] slots;

  /** A table sized for about {@code expectedGroups} groups, so that it need not grow on the way there. */
  GroupTable(int expectedGroups) {
    int expected = Math.max(0, Math.min(expectedGroups, 1 << 20));
    int capacity = Integer.highestOneBit(Math.max(1024, expected) * 2 - 1) * 2;
    groups = new ArrayList<>(Math.max(16, expected));
    slots = new int[2 * capacity];
  }

  int size() {
    return groups.size();
  }

  /** The group of these key parts, or null; {@code values} is not kept. */
  Group find(long windowStart, Object[] values, int hash) {
    int mask = slots.length / 2 - 1;
    for (int i = hash & mask; ; i = (i + 1) & mask) {
      int s = slots[2 * i + 1];
      if (s == 0) {
        return null;
      }
      if (slots[2 * i] == hash) {
        Group g = groups.get(s - 1);
        if (g.windowStart == windowStart && Arrays.equals(g.values, values)) {
          return g;
        }
      }
    }
  }

  /** Adds a group not in the table; it keeps {@code values}. */
  Group add(long windowStart, Object[] values, int hash, AggBuffer buffer) {
    Group g = new Group(hash, windowStart, values, buffer);
    groups.add(g);
    if (groups.size() * 2 > slots.length / 2) {
      rehash(slots.length * 2);
    } else {
      insert(slots, groups.size(), hash);
    }
    return g;
  }

  /**
   * The parts' hash, mixed (Murmur3's finalizer): String hashes of keys such as k00001, k00002
   * are consecutive numbers, which linear probing would pile into one long run of slots.
   */
  static int hash(long windowStart, Object[] values) {
    int h = Long.hashCode(windowStart) * 31 + Arrays.hashCode(values);
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    return h ^ (h >>> 16);
  }

  List<Group> inOrder() {
    return groups;
  }

  private void rehash(int capacity) {
    int[] grown = new int[capacity];
    for (int i = 0; i < groups.size(); i++) {
      insert(grown, i + 1, groups.get(i).hash);
    }
    slots = grown;
  }

  private static void insert(int[] table, int index, int hash) {
    int mask = table.length / 2 - 1;
    int i = hash & mask;
    while (table[2 * i + 1] != 0) {
      i = (i + 1) & mask;
    }
    table[2 * i] = hash;
    table[2 * i + 1] = index;
  }
}
