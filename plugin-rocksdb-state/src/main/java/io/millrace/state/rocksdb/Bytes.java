package io.millrace.state.rocksdb;

import java.util.Arrays;
import java.util.Comparator;

/** Byte-array helpers in RocksDB's default (unsigned lexicographic) key order. */
final class Bytes {
  /** The order of RocksDB's default bytewise comparator. */
  static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

  private Bytes() {}

  static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }
}
