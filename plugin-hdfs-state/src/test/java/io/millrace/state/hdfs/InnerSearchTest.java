package io.millrace.state.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An inner node's search compares the bounds' first 16 bytes as longs before the bytes
 * themselves: it must pick the child that unsigned byte order picks, for keys shorter and longer
 * than 16 bytes, keys with zero bytes where a shorter key has none, and keys alike up to byte 16.
 */
class InnerSearchTest {
  /** Keys that share long prefixes and end in zeros or 0xFF, the cases the heads could get wrong. */
  private static byte[] key(Random r) {
    byte[] k = new byte[r.nextInt(24)];
    for (int i = 0; i < k.length; i++) {
      int pick = r.nextInt(4);
      k[i] = (byte) (pick == 0 ? 0 : pick == 1 ? 0xFF : pick == 2 ? 1 : r.nextInt(256));
    }
    return k;
  }

  @Test
  void headsOrderAsUnsignedBytesWhereTheyDiffer() {
    Random r = new Random(7);
    for (int n = 0; n < 200_000; n++) {
      byte[] a = key(r);
      byte[] b = key(r);
      int bytes = Integer.signum(Bytes.compare(a, b));
      int heads = Long.compareUnsigned(Bytes.head(a, 0), Bytes.head(b, 0));
      if (heads == 0) {
        heads = Long.compareUnsigned(Bytes.head(a, 8), Bytes.head(b, 8));
      }
      assertTrue(heads == 0 || Integer.signum(heads) == bytes,
          Arrays.toString(a) + " vs " + Arrays.toString(b));
    }
  }

  @Test
  void childForPicksTheChildThatByteOrderPicks() {
    Random r = new Random(11);
    for (int round = 0; round < 2_000; round++) {
      int children = 1 + r.nextInt(Node.MAX);
      byte[][] sorted = new byte[children - 1][];
      for (int i = 0; i < sorted.length; i++) {
        sorted[i] = key(r);
      }
      Arrays.sort(sorted, Bytes.ORDER);
      byte[][] lows = new byte[children][];
      System.arraycopy(sorted, 0, lows, 1, sorted.length); // duplicates are fine: the last equal bound wins
      Node[] nodes = new Node[children];
      for (int i = 0; i < children; i++) {
        nodes[i] = new Leaf(0, new byte[0][], new byte[0][], 0);
      }
      Inner inner = new Inner(0, lows, nodes);
      for (int probe = 0; probe < 50; probe++) {
        byte[] k = r.nextBoolean() && sorted.length > 0 ? sorted[r.nextInt(sorted.length)].clone() : key(r);
        int expected = 0;
        for (int i = 1; i < children; i++) {
          if (Bytes.compare(lows[i], k) <= 0) {
            expected = i;
          }
        }
        assertEquals(expected, inner.childFor(k), Arrays.toString(k));
      }
    }
  }
}
