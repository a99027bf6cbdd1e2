package io.millrace.state.hdfs;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/** Counts, by walking the trees, the bytes a set of maps really holds: each object once. */
final class Measure {
  private Measure() {}

  static long bytes(StateMap... maps) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    long total = 0;
    for (StateMap map : maps) {
      total += walk(map.root(), seen);
    }
    return total;
  }

  private static long walk(Node node, Set<Object> seen) {
    if (!seen.add(node)) {
      return 0;
    }
    long total = node.structureBytes();
    if (node instanceof Leaf leaf) {
      for (int i = 0; i < leaf.count; i++) {
        total += array(leaf.keys[i], seen) + array(leaf.values[i], seen);
      }
    } else {
      for (Node child : ((Inner) node).children) {
        total += walk(child, seen);
      }
    }
    return total;
  }

  private static long array(byte[] array, Set<Object> seen) {
    return seen.add(array) ? MemoryLayout.byteArray(array.length) : 0;
  }

  /** Checks the tree's shape: sorted keys, bounds respected, leaves at one depth, no empty node. */
  static void checkShape(StateMap map) {
    shape(map.root(), null, null, map.depth(), map.root() instanceof Leaf);
  }

  private static void shape(Node node, byte[] low, byte[] high, int levels, boolean isRoot) {
    if (!isRoot && (node.size() == 0 || node.size() > Node.MAX)) {
      throw new AssertionError("node of size " + node.size());
    }
    if (node instanceof Leaf leaf) {
      if (levels != 1) {
        throw new AssertionError("a leaf at the wrong depth");
      }
      for (int i = leaf.count; i < leaf.keys.length; i++) {
        if (leaf.keys[i] != null || leaf.values[i] != null) {
          throw new AssertionError("a leaf keeps an entry past its count");
        }
      }
      for (int i = 0; i < leaf.count; i++) {
        if (i > 0 && Bytes.compare(leaf.keys[i - 1], leaf.keys[i]) >= 0) {
          throw new AssertionError("leaf keys out of order");
        }
        if ((low != null && Bytes.compare(leaf.keys[i], low) < 0) || (high != null && Bytes.compare(leaf.keys[i], high) >= 0)) {
          throw new AssertionError("a key outside its bounds");
        }
      }
      return;
    }
    Inner inner = (Inner) node;
    if (inner.lows.length != inner.children.length || inner.lows[0] != null) {
      throw new AssertionError("inner bounds malformed");
    }
    for (int i = 0; i < inner.children.length; i++) {
      byte[] childLow = i == 0 ? low : inner.lows[i];
      byte[] childHigh = i + 1 < inner.children.length ? inner.lows[i + 1] : high;
      shape(inner.children[i], childLow, childHigh, levels - 1, false);
    }
  }
}
