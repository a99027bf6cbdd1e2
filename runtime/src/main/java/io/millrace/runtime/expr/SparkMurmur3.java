package io.millrace.runtime.expr;

import com.google.common.hash.Hashing;

/**
 * Spark's Murmur3_x86_32, the hash of {@code hash(..)}. For an int or a long it is the standard
 * MurmurHash3 x86_32 of the value's little-endian bytes, which Guava computes. For bytes Spark
 * departs from the standard: each of the 1 to 3 bytes after the last whole 4-byte block is
 * mixed in as a block of its own (sign-extended), where MurmurHash3 packs them into one partial
 * block, so Guava's result differs whenever the length is not a multiple of 4. No library
 * computes Spark's variant, so {@link #hashBytes} follows Spark's
 * {@code Murmur3_x86_32.hashUnsafeBytes}.
 */
final class SparkMurmur3 {
  private static final int C1 = 0xcc9e2d51;
  private static final int C2 = 0x1b873593;

  private SparkMurmur3() {
  }

  static int hashInt(int value, int seed) {
    return Hashing.murmur3_32_fixed(seed).hashInt(value).asInt();
  }

  static int hashLong(long value, int seed) {
    return Hashing.murmur3_32_fixed(seed).hashLong(value).asInt();
  }

  static int hashBytes(byte[] bytes, int seed) {
    int h1 = seed;
    int aligned = bytes.length - bytes.length % 4;
    for (int i = 0; i < aligned; i += 4) {
      int block = (bytes[i] & 0xff) | (bytes[i + 1] & 0xff) << 8 | (bytes[i + 2] & 0xff) << 16 | bytes[i + 3] << 24;
      h1 = mixH1(h1, mixK1(block));
    }
    for (int i = aligned; i < bytes.length; i++) {
      h1 = mixH1(h1, mixK1(bytes[i]));
    }
    return fmix(h1, bytes.length);
  }

  private static int mixK1(int k1) {
    return Integer.rotateLeft(k1 * C1, 15) * C2;
  }

  private static int mixH1(int h1, int k1) {
    return Integer.rotateLeft(h1 ^ k1, 13) * 5 + 0xe6546b64;
  }

  private static int fmix(int h1, int length) {
    h1 ^= length;
    h1 ^= h1 >>> 16;
    h1 *= 0x85ebca6b;
    h1 ^= h1 >>> 13;
    h1 *= 0xc2b2ae35;
    h1 ^= h1 >>> 16;
    return h1;
  }
}
