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
final class KeyGroups {
  private static final HashFunction HASH = Hashing.murmur3_32_fixed();

  private final int maxKeyGroups;
  private final int partitions;

  KeyGroups(int maxKeyGroups, int partitions) {
    if (partitions > maxKeyGroups) {
      throw new IllegalArgumentException("millrace.shuffle.partitions (" + partitions
          + ") cannot exceed millrace.state.maxKeyGroups (" + maxKeyGroups + ")");
    }
    this.maxKeyGroups = maxKeyGroups;
    this.partitions = partitions;
  }

  int keyGroup(byte[] key) {
    return Math.floorMod(HASH.hashBytes(key).asInt(), maxKeyGroups);
  }

  int partition(byte[] key) {
    return (int) ((long) keyGroup(key) * partitions / maxKeyGroups);
  }

  int partitions() {
    return partitions;
  }
}
