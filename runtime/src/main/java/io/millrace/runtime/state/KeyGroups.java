package io.millrace.runtime.state;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;

/**
 * Routes encoded keys to shuffle partitions through key groups: {@code keyGroup = hash(key) mod
 * maxKeyGroups}, and partition {@code p} owns the contiguous groups
 * {@code [p * maxKeyGroups / partitions, (p + 1) * maxKeyGroups / partitions)}. Both numbers are
 * pinned in the checkpoint, so a key always finds its state; changing the partition count later
 * only moves whole key groups.
 */
public final class KeyGroups {
  private static final HashFunction HASH = Hashing.murmur3_32_fixed();

  private final int maxKeyGroups;
  private final int partitions;

  public KeyGroups(int maxKeyGroups, int partitions) {
    if (partitions > maxKeyGroups) {
      throw new IllegalArgumentException("millrace.shuffle.partitions (" + partitions
          + ") cannot exceed millrace.state.maxKeyGroups (" + maxKeyGroups + ")");
    }
    this.maxKeyGroups = maxKeyGroups;
    this.partitions = partitions;
  }

  /**
   * The encoded key's murmur3 hash: it routes the key, and keys it in hash maps too. The
   * 31-polynomial of {@code Arrays.hashCode} gives the 250,000 encoded LONG keys 0..249,999 only
   * 11,044 distinct values, which turns hash map bins into long chains.
   */
  public static int hash(byte[] key) {
    return HASH.hashBytes(key).asInt();
  }

  /** {@link #hash} of the key in {@code buffer[offset, offset + length)}. */
  static int hash(byte[] buffer, int offset, int length) {
    return HASH.hashBytes(buffer, offset, length).asInt();
  }

  public int keyGroup(byte[] key) {
    return keyGroupOfHash(hash(key));
  }

  /** {@link #keyGroup} of the key in {@code buffer[offset, offset + length)}. */
  int keyGroup(byte[] buffer, int offset, int length) {
    return keyGroupOfHash(hash(buffer, offset, length));
  }

  /**
   * Encoded keys in the order keyed state stores them: by key group, then by their unsigned
   * bytes (a key's entries start with its key group, then the key).
   */
  java.util.Comparator<byte[]> storeOrder() {
    return (a, b) -> {
      int byGroup = Integer.compare(keyGroup(a), keyGroup(b));
      return byGroup != 0 ? byGroup : java.util.Arrays.compareUnsigned(a, b);
    };
  }

  public int partition(byte[] key) {
    return partitionOfHash(hash(key));
  }

  /** {@link #partition} of a key whose {@link #hash} is known. */
  int partitionOfHash(int hash) {
    return partitionOfKeyGroup(keyGroupOfHash(hash));
  }

  /** The partition that owns key group {@code keyGroup}. */
  public int partitionOfKeyGroup(int keyGroup) {
    return (int) ((long) keyGroup * partitions / maxKeyGroups);
  }

  private int keyGroupOfHash(int hash) {
    return Math.floorMod(hash, maxKeyGroups);
  }

  public int partitions() {
    return partitions;
  }

  public int maxKeyGroups() {
    return maxKeyGroups;
  }
}
