package io.millrace.runtime.state.keyed;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A short list kept whole in one entry, its key prefix's: {@code 0xFF}, the element count, then
 * each element's length and bytes (counts and lengths as four big-endian bytes). A list size
 * stored there is eight bytes of a non-negative number, whose first byte is below {@code 0x80},
 * so the first byte tells the two apart and lists written before packing read as they were.
 */
final class PackedList {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final byte MARKER = (byte) 0xFF;
  private static final int HEADER = 1 + Integer.BYTES;

  /**
   * The most bytes a packed entry holds. Up to it, reading a key's list is one point lookup and
   * writing it one put; past it, an append rewriting the whole list would cost more than an
   * element entry of its own.
   */
  static final int MAX_BYTES = 1024;

  private PackedList() {}

  static boolean isPacked(byte[] entry) {
    return entry.length > 0 && entry[0] == MARKER;
  }

  static int count(byte[] packed) {
    return (int) INT.get(packed, 1);
  }

  /** The bytes a packed entry of {@code elements} takes. */
  static long length(byte[][] elements) {
    long length = HEADER;
    for (byte[] e : elements) {
      length += Integer.BYTES + e.length;
    }
    return length;
  }

  static byte[] pack(byte[][] elements) {
    byte[] packed = new byte[Math.toIntExact(length(elements))];
    packed[0] = MARKER;
    INT.set(packed, 1, elements.length);
    int at = HEADER;
    for (byte[] e : elements) {
      INT.set(packed, at, e.length);
      System.arraycopy(e, 0, packed, at + Integer.BYTES, e.length);
      at += Integer.BYTES + e.length;
    }
    return packed;
  }

  static byte[][] elements(byte[] packed) {
    byte[][] elements = new byte[count(packed)][];
    int at = HEADER;
    for (int i = 0; i < elements.length; i++) {
      int length = (int) INT.get(packed, at);
      elements[i] = java.util.Arrays.copyOfRange(packed, at + Integer.BYTES, at + Integer.BYTES + length);
      at += Integer.BYTES + length;
    }
    return elements;
  }
}
