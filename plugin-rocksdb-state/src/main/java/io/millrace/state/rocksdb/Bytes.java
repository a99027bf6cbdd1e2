package io.millrace.state.rocksdb;

import java.util.Arrays;
import java.util.Comparator;

/** Byte-array helpers in RocksDB's default (unsigned lexicographic) key order. */
final class Bytes {
  /** The order of RocksDB's default bytewise comparator. */
  static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

  private Bytes() {}

  /** The first key after every key starting with {@code prefix}; null when there is none (all 0xFF). */
  static byte[] successor(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xFF) {
        byte[] next = Arrays.copyOf(prefix, i + 1);
        next[i]++;
        return next;
      }
    }
    return null;
  }

  static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }
}
