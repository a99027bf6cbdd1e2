package io.millrace.state.hdfs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds a {@link StateMap} from entries in strictly increasing key order (a snapshot file) in
 * O(n): leaves are filled to {@link Node#FILL}, then each level above, bottom up.
 */
final class StateMapBuilder {
  private final List<Node> leaves = new ArrayList<>();
  private final List<byte[]> leafLows = new ArrayList<>();
  private byte[][] keys = new byte[Node.FILL][];
  private byte[][] values = new byte[Node.FILL][];
  private int filled;
  private long size;
  private long bytes;
  private byte[] last;

  /** Adds the next entry; its key must sort after the previous one. */
  void add(byte[] key, byte[] value) {
    if (last != null && Bytes.compare(last, key) >= 0) {
      throw new IllegalArgumentException("keys must be added in strictly increasing order");
    }
    last = key;
    keys[filled] = key;
    values[filled] = value;
    filled++;
    size++;
    bytes += MemoryLayout.byteArray(key.length) + MemoryLayout.byteArray(value.length);
    if (filled == Node.FILL) {
      flushLeaf();
    }
  }

  /** Whether {@code key} sorts after every key added so far. */
  boolean accepts(byte[] key) {
    return last == null || Bytes.compare(last, key) < 0;
  }

  StateMap build() {
    if (filled > 0 || leaves.isEmpty()) {
      flushLeaf();
    }
    List<Node> level = leaves;
    List<byte[]> lows = leafLows;
    while (level.size() > 1) {
      List<Node> parents = new ArrayList<>();
      List<byte[]> parentLows = new ArrayList<>();
      for (int from = 0; from < level.size(); from += Node.FILL) {
        int to = Math.min(level.size(), from + Node.FILL);
        byte[][] childLows = lows.subList(from, to).toArray(new byte[0][]);
        parentLows.add(childLows[0]);
        childLows[0] = null;
        Inner inner = new Inner(0, childLows, level.subList(from, to).toArray(new Node[0]));
        bytes += inner.structureBytes();
        parents.add(inner);
      }
      level = parents;
      lows = parentLows;
    }
    return new StateMap(level.get(0), size, bytes, -1, bytes);
  }

  private void flushLeaf() {
    Leaf leaf = new Leaf(0, Arrays.copyOf(keys, filled), Arrays.copyOf(values, filled), filled);
    bytes += leaf.structureBytes();
    leaves.add(leaf);
    leafLows.add(filled == 0 ? null : keys[0]);
    filled = 0;
  }
}
