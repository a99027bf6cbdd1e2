package io.millrace.state.hdfs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Comparator;

/** Key order and prefix tests on raw byte arrays: unsigned, lexicographic, as prefix scans need. */
final class Bytes {
  /** Unsigned lexicographic order, so that every key with a prefix sorts next to the prefix. */
  static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private Bytes() {}

  /**
   * Bytes {@code [from, from + 8)} of {@code key} as a big-endian long, zeros past its end. For
   * two keys, heads at equal offsets compared unsigned order them as {@link #compare} does,
   * unless they are equal: a shorter key's zeros sort before any byte of a longer one that
   * starts alike, as the shorter key itself does.
   */
  static long head(byte[] key, int from) {
    if (key.length >= from + 8) {
      return (long) LONG.get(key, from);
    }
    long h = 0;
    for (int i = 0; i < 8; i++) {
      h = (h << 8) | (from + i < key.length ? key[from + i] & 0xFF : 0);
    }
    return h;
  }

  static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }

  /** Index of {@code key} in the sorted {@code keys[0, count)}, or {@code -(insertion point) - 1}. */
  static int search(byte[][] keys, int count, byte[] key) {
    int low = 0;
    int high = count - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int c = compare(keys[mid], key);
      if (c < 0) {
        low = mid + 1;
      } else if (c > 0) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -(low + 1);
  }
}
