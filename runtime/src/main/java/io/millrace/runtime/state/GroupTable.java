package io.millrace.runtime.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * The groups of one input partition's partial aggregation, looked up by the key's parts as
 * they are: a window start as a long and the other grouping values as the row holds them. A
 * row of a group already seen allocates nothing here (no key row, no window struct, no encoded
 * bytes); only a new group copies its values. Groups keep the order they were first seen in.
 *
 * <p>Values compare with {@code equals}; two values that are equal only when encoded (two
 * BINARY arrays of the same bytes) make two groups here, which the state side, keyed by the
 * encoded key, merges again.
 *
 * <p>A grouping by one short ASCII string (a key such as {@code k07953}, up to seven
 * characters), with or without the window, is packed into a long, and such a group is found by comparing longs in flat
 * arrays: a lookup then reads no group, values array, string or string bytes, each a cache
 * miss on a table of tens of thousands of groups. The packing is exact, so two packed strings
 * are equal exactly when their longs are, and a packed string never equals one that is not.
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

  /** What {@link #packed} returns for values it cannot pack. */
  private static final long NOT_PACKED = 0;

  /** The values' slot that holds the window (always null there, its start is apart), or -1. */
  private final int windowSlot;
  private final List<Group> groups;
  // Per group, by its index: what a lookup compares and returns without reading the group.
  private long[] starts;
  private long[] packedKeys;
  private AggBuffer[] buffers;
  /**
   * Open addressing, two ints a slot: the group's hash, and its index + 1 into {@link #groups}
   * (0 when free). The hash sits beside the index so that a probe past another group's slot
   * reads nothing else.
   */
  private int[] slots;

  /**
   * A table sized for about {@code expectedGroups} groups, so that it need not grow on the way
   * there, of values whose slot {@code windowSlot} (or none, when -1) is the window's.
   */
  GroupTable(int expectedGroups, int windowSlot) {
    this.windowSlot = windowSlot;
    int expected = Math.max(0, Math.min(expectedGroups, 1 << 20));
    int capacity = Integer.highestOneBit(Math.max(1024, expected) * 2 - 1) * 2;
    int room = Math.max(16, expected);
    groups = new ArrayList<>(room);
    starts = new long[room];
    packedKeys = new long[room];
    buffers = new AggBuffer[room];
    slots = new int[2 * capacity];
  }

  int size() {
    return groups.size();
  }

  /**
   * The buffer of the group of these key parts, a new one from {@code newBuffer} for a group
   * not seen before; {@code values} is copied when a new group keeps it.
   */
  AggBuffer buffer(long windowStart, Object[] values, Supplier<AggBuffer> newBuffer) {
    long packed = packed(values, windowSlot);
    int hash = packed != NOT_PACKED ? mix(Long.hashCode(windowStart) * 31 + Long.hashCode(packed)) : hash(windowStart, values);
    int mask = slots.length / 2 - 1;
    for (int i = hash & mask; ; i = (i + 1) & mask) {
      int s = slots[2 * i + 1];
      if (s == 0) {
        return add(windowStart, values.clone(), packed, hash, newBuffer.get());
      }
      if (slots[2 * i] == hash) {
        int g = s - 1;
        if (packed != NOT_PACKED) {
          if (packedKeys[g] == packed && starts[g] == windowStart) {
            return buffers[g];
          }
        } else if (packedKeys[g] == NOT_PACKED && starts[g] == windowStart && Arrays.equals(groups.get(g).values, values)) {
          return buffers[g];
        }
      }
    }
  }

  private AggBuffer add(long windowStart, Object[] values, long packed, int hash, AggBuffer buffer) {
    int index = groups.size();
    if (index == starts.length) {
      starts = Arrays.copyOf(starts, index * 2);
      packedKeys = Arrays.copyOf(packedKeys, index * 2);
      buffers = Arrays.copyOf(buffers, index * 2);
    }
    groups.add(new Group(hash, windowStart, values, buffer));
    starts[index] = windowStart;
    packedKeys[index] = packed;
    buffers[index] = buffer;
    if (groups.size() * 2 > slots.length / 2) {
      rehash(slots.length * 2);
    } else {
      insert(slots, groups.size(), hash);
    }
    return buffer;
  }

  /**
   * Values that are one string of at most seven ASCII characters, beside the window's slot
   * {@code windowSlot} (-1: none), as a long: the length + 1 in the top byte (never 0, so never
   * {@link #NOT_PACKED}) and a character in each byte below; otherwise {@link #NOT_PACKED}.
   */
  static long packed(Object[] values, int windowSlot) {
    int others = windowSlot >= 0 ? values.length - 1 : values.length;
    if (others != 1) {
      return NOT_PACKED;
    }
    Object value = values[windowSlot == 0 ? 1 : 0];
    if (!(value instanceof String s) || s.length() > 7) {
      return NOT_PACKED;
    }
    long packed = (long) (s.length() + 1) << 56;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        return NOT_PACKED;
      }
      packed |= (long) c << (48 - 8 * i);
    }
    return packed;
  }

  /**
   * The parts' hash, mixed: String hashes of keys such as k00001, k00002 are consecutive
   * numbers, which linear probing would pile into one long run of slots.
   */
  static int hash(long windowStart, Object[] values) {
    return mix(Long.hashCode(windowStart) * 31 + Arrays.hashCode(values));
  }

  /** Murmur3's finalizer. */
  private static int mix(int h) {
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
