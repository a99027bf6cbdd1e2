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
  /**
   * The first 16 bytes of each bound as two longs ({@link Bytes#head}), side by side: a search
   * compares these and reads a bound's own array only on a tie. The descent to a key was most
   * of a join's time, and most of that was loading bounds scattered over the heap to compare
   * them; the heads of a node are one array. A node's bounds never change once it is made.
   */
  private final long[] heads;

  Inner(long generation, byte[][] lows, Node[] children) {
    super(generation);
    this.lows = lows;
    this.children = children;
    this.heads = new long[2 * lows.length];
    for (int i = 1; i < lows.length; i++) {
      heads[2 * i] = Bytes.head(lows[i], 0);
      heads[2 * i + 1] = Bytes.head(lows[i], 8);
    }
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
    long k0 = Bytes.head(key, 0);
    long k1 = Bytes.head(key, 8);
    int low = 1;
    int high = lows.length - 1;
    int found = 0;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int c = Long.compareUnsigned(heads[2 * mid], k0);
      if (c == 0) {
        c = Long.compareUnsigned(heads[2 * mid + 1], k1);
        if (c == 0) {
          c = Bytes.compare(lows[mid], key);
        }
      }
      if (c <= 0) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found;
  }
}
