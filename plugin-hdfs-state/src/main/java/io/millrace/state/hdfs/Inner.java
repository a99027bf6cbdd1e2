package io.millrace.state.hdfs;

/**
 * An inner node: children in key order and their lower bounds. {@code lows[i]} for {@code i >= 1}
 * is a key no greater than any key under {@code children[i]} and greater than every key under
 * {@code children[i - 1]}; {@code lows[0]} is unused (null), the first child takes everything
 * below {@code lows[1]}. A bound stays valid when the key it was taken from is removed.
 */
final class Inner extends Node {
  final byte[][] lows;
  final Node[] children;

  Inner(long generation, byte[][] lows, Node[] children) {
    super(generation);
    this.lows = lows;
    this.children = children;
  }

  @Override
  int size() {
    return children.length;
  }

  @Override
  long structureBytes() {
    return MemoryLayout.INNER_OBJECT + 2 * MemoryLayout.referenceArray(children.length);
  }

  /** The child whose range holds {@code key}. */
  int childFor(byte[] key) {
    int low = 1;
    int high = lows.length - 1;
    int found = 0;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      if (Bytes.compare(lows[mid], key) <= 0) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found;
  }
}
