package io.millrace.runtime.expr;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * XXH64, the hash of Spark's {@code xxhash64(..)}: the standard xxHash64 of a value's
 * little-endian bytes, as Spark's {@code XXH64} computes it. Guava has no xxHash, and the
 * libraries that do (lz4-java, zero-allocation-hashing) are not dependencies of the runtime;
 * the algorithm is short, and the facts from Spark check it byte for byte.
 */
final class XxHash64 {
  private static final long PRIME1 = 0x9E3779B185EBCA87L;
  private static final long PRIME2 = 0xC2B2AE3D27D4EB4FL;
  private static final long PRIME3 = 0x165667B19E3779F9L;
  private static final long PRIME4 = 0x85EBCA77C2B2AE63L;
  private static final long PRIME5 = 0x27D4EB2F165667C5L;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private XxHash64() {
  }

  static long hashInt(int value, long seed) {
    long hash = seed + PRIME5 + 4L;
    hash ^= (value & 0xFFFFFFFFL) * PRIME1;
    hash = Long.rotateLeft(hash, 23) * PRIME2 + PRIME3;
    return avalanche(hash);
  }

  static long hashLong(long value, long seed) {
    long hash = seed + PRIME5 + 8L;
    hash ^= round(0, value);
    hash = Long.rotateLeft(hash, 27) * PRIME1 + PRIME4;
    return avalanche(hash);
  }

  static long hashBytes(byte[] bytes, long seed) {
    int length = bytes.length;
    int offset = 0;
    long hash;
    if (length >= 32) {
      long v1 = seed + PRIME1 + PRIME2;
      long v2 = seed + PRIME2;
      long v3 = seed;
      long v4 = seed - PRIME1;
      for (; offset <= length - 32; offset += 32) {
        v1 = round(v1, (long) LONGS.get(bytes, offset));
        v2 = round(v2, (long) LONGS.get(bytes, offset + 8));
        v3 = round(v3, (long) LONGS.get(bytes, offset + 16));
        v4 = round(v4, (long) LONGS.get(bytes, offset + 24));
      }
      hash = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
      hash = mergeRound(hash, v1);
      hash = mergeRound(hash, v2);
      hash = mergeRound(hash, v3);
      hash = mergeRound(hash, v4);
    } else {
      hash = seed + PRIME5;
    }
    hash += length;
    for (; offset <= length - 8; offset += 8) {
      hash ^= round(0, (long) LONGS.get(bytes, offset));
      hash = Long.rotateLeft(hash, 27) * PRIME1 + PRIME4;
    }
    if (offset <= length - 4) {
      hash ^= ((int) INTS.get(bytes, offset) & 0xFFFFFFFFL) * PRIME1;
      hash = Long.rotateLeft(hash, 23) * PRIME2 + PRIME3;
      offset += 4;
    }
    for (; offset < length; offset++) {
      hash ^= (bytes[offset] & 0xFFL) * PRIME5;
      hash = Long.rotateLeft(hash, 11) * PRIME1;
    }
    return avalanche(hash);
  }

  private static long round(long acc, long input) {
    return Long.rotateLeft(acc + input * PRIME2, 31) * PRIME1;
  }

  private static long mergeRound(long hash, long v) {
    return (hash ^ round(0, v)) * PRIME1 + PRIME4;
  }

  private static long avalanche(long hash) {
    hash ^= hash >>> 33;
    hash *= PRIME2;
    hash ^= hash >>> 29;
    hash *= PRIME3;
    hash ^= hash >>> 32;
    return hash;
  }
}
