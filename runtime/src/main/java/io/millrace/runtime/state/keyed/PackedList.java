package io.millrace.runtime.state.keyed;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.state.StateStore;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A short list kept whole in one entry, its key prefix's: {@code 0xFF}, the element count, then
 * each element's length and bytes (counts and lengths as four big-endian bytes). A list size
 * stored there is eight bytes of a non-negative number, whose first byte is below {@code 0x80},
 * so the first byte tells the two apart and lists written before packing read as they were.
 *
 * <p>An entry is read only after checking that its count and lengths add up to its bytes: the
 * store's files are checksummed, so a damaged entry means a bug wrote it, and it fails naming
 * the store rather than decoding another element's bytes or failing with an index.
 */
final class PackedList {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final byte MARKER = (byte) 0xFF;
  private static final int HEADER = 1 + Integer.BYTES;
  private static final String PACKED = "a packed list entry";

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

  /** The element count of a packed entry of {@code store}, checked against its bytes. */
  static int count(byte[] packed, StateStore store) {
    if (packed.length < HEADER) {
      throw damaged(store, PACKED, "its " + packed.length + " bytes end inside its header");
    }
    int count = (int) INT.get(packed, 1);
    if (count < 0 || (long) count * Integer.BYTES > packed.length - HEADER) {
      throw damaged(store, PACKED, "it claims " + count + " elements in " + packed.length + " bytes");
    }
    return count;
  }

  /**
   * The size in a list's size entry, the other form of its prefix entry: eight bytes of a
   * non-negative count, checked as packed entries are.
   */
  static long size(byte[] sizeEntry, StateStore store) {
    long size = sizeEntry.length == Long.BYTES ? KeyLayout.longAt(sizeEntry, 0) : -1;
    if (size < 0) {
      throw damaged(store, "a list's size entry", sizeEntry.length + " bytes"
          + (sizeEntry.length == Long.BYTES ? " holding " + size : "") + " where eight of a count of zero or more belong");
    }
    return size;
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

  /** The elements of a packed entry of {@code store}, in order. */
  static byte[][] elements(byte[] packed, StateStore store) {
    byte[][] elements = new byte[count(packed, store)][];
    int at = HEADER;
    for (int i = 0; i < elements.length; i++) {
      int length = at <= packed.length - Integer.BYTES ? (int) INT.get(packed, at) : -1;
      if (length < 0 || length > packed.length - at - Integer.BYTES) {
        throw damaged(store, PACKED, "element " + i + " of " + elements.length + " runs past its " + packed.length + " bytes");
      }
      elements[i] = Arrays.copyOfRange(packed, at + Integer.BYTES, at + Integer.BYTES + length);
      at += Integer.BYTES + length;
    }
    if (at != packed.length) {
      throw damaged(store, PACKED, (packed.length - at) + " bytes follow its " + elements.length + " elements");
    }
    return elements;
  }

  private static CorruptFileException damaged(StateStore store, String entry, String problem) {
    return new CorruptFileException(store.id().storePath().toString(), entry + " is damaged: " + problem);
  }
}
