package io.millrace.state.hdfs;

/**
 * Heap sizes of the objects the state map is made of, from their real field and array lengths.
 *
 * <p>The constants are those of a 64-bit HotSpot JVM with compressed class pointers and
 * compressed references (the default for heaps under 32 GB): a 12-byte object header, 4-byte
 * references, a 16-byte array header, everything padded to 8 bytes. On a larger heap the real
 * figure is somewhat higher; the estimate never guesses a per-key constant.
 */
final class MemoryLayout {
  static final int OBJECT_HEADER = 12;
  static final int ARRAY_HEADER = 16;
  static final int REFERENCE = 4;

  /** A leaf object: header, two array references, a long generation, an int count. */
  static final long LEAF_OBJECT = align(OBJECT_HEADER + 2L * REFERENCE + 8 + 4);
  /** An inner node object: header, two array references, a long generation. */
  static final long INNER_OBJECT = align(OBJECT_HEADER + 2L * REFERENCE + 8);

  private MemoryLayout() {}

  static long align(long bytes) {
    return (bytes + 7) & ~7L;
  }

  static long byteArray(int length) {
    return align(ARRAY_HEADER + (long) length);
  }

  static long referenceArray(int length) {
    return align(ARRAY_HEADER + (long) REFERENCE * length);
  }
}
