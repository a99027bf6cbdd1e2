package io.millrace.runtime.state;

import java.util.Arrays;

/**
 * The groups of one input partition's partial aggregation, looked up by the key's parts as
 * they are: a window start as a long and the other grouping values as the row holds them. A
 * row of a group already seen allocates nothing here (no key row, no window struct, no encoded
 * bytes); only a new group copies its values. Groups are numbered 0, 1, 2... in the order they
 * were first seen, and their running values are kept apart, by that number.
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
  /** What {@link #packed} returns for values it cannot pack. */
  private static final long NOT_PACKED = 0;

  /** The values' slot that holds the window (always null there, its start is apart), or -1. */
  private final int windowSlot;
  private int size;
  /** Per group: its window start and its packed key side by side, what a lookup compares. */
  private long[] keys;
  private Object[][] values;
  private int[] hashes;
  /**
   * Open addressing, two ints a slot: the group's hash, and its number + 1 (0 when free). The
   * hash sits beside the number so that a probe past another group's slot reads nothing else.
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
    keys = new long[2 * room];
    values = new Object[room][];
    hashes = new int[room];
    slots = new int[2 * capacity];
  }

  int size() {
    return size;
  }

  /**
   * The number of the group of these key parts; a group not seen before gets the next number,
   * {@link #size()} before the call, and keeps a copy of {@code key}.
   */
  int indexOf(long windowStart, Object[] key) {
    long packed = packed(key, windowSlot);
    int hash = packed != NOT_PACKED ? mix(Long.hashCode(windowStart) * 31 + Long.hashCode(packed)) : hash(windowStart, key);
    int mask = slots.length / 2 - 1;
    for (int i = hash & mask; ; i = (i + 1) & mask) {
      int s = slots[2 * i + 1];
      if (s == 0) {
        return add(windowStart, key.clone(), packed, hash);
      }
      if (slots[2 * i] == hash) {
        int g = s - 1;
        if (keys[2 * g + 1] == packed && keys[2 * g] == windowStart
            && (packed != NOT_PACKED || Arrays.equals(values[g], key))) {
          return g;
        }
      }
    }
  }

  long windowStart(int group) {
    return keys[2 * group];
  }

  /** The grouping values of a group, the window's slot null; not to be changed. */
  Object[] values(int group) {
    return values[group];
  }

  private int add(long windowStart, Object[] groupValues, long packed, int hash) {
    int index = size;
    if (index == values.length) {
      keys = Arrays.copyOf(keys, 4 * index);
      values = Arrays.copyOf(values, 2 * index);
      hashes = Arrays.copyOf(hashes, 2 * index);
    }
    keys[2 * index] = windowStart;
    keys[2 * index + 1] = packed;
    values[index] = groupValues;
    hashes[index] = hash;
    size++;
    if (size * 2 > slots.length / 2) {
      rehash(slots.length * 2);
    } else {
      insert(slots, size, hash);
    }
    return index;
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

  private void rehash(int capacity) {
    int[] grown = new int[capacity];
    for (int i = 0; i < size; i++) {
      insert(grown, i + 1, hashes[i]);
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
