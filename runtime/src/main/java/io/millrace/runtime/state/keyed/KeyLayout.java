package io.millrace.runtime.state.keyed;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The bytes of keyed state keys. Every key of a variable starts with the grouping key's
 * <em>key prefix</em>: its key group as two big-endian bytes, then the key as {@code RowCodec}
 * encodes it. So each key group is one contiguous key range of every store (whole groups can
 * move between partitions by range), and each grouping key one range inside it.
 *
 * <p>A {@code RowCodec} encoding is prefix-free among rows of one schema (it is read field by
 * field to its end), so no key prefix is a proper prefix of another, and whatever follows a key
 * prefix belongs to that key alone: a list's element indexes, a map's encoded keys, a timer's
 * time. A range {@code [prefix, prefix + b)} holds exactly the prefix's keys whose next byte is
 * below {@code b}, which is how each kind bounds its range without computing a successor key.
 *
 * <p>Times are stored big-endian with the sign bit flipped, so unsigned byte order is signed
 * numeric order and negative times sort before positive ones.
 */
final class KeyLayout {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** Key groups are two bytes. */
  static final int MAX_KEY_GROUPS = 1 << 16;
  static final int KEY_GROUP_BYTES = 2;

  private KeyLayout() {}

  /** The key group followed by the encoded grouping key. */
  static byte[] keyPrefix(int keyGroup, byte[] encodedKey) {
    byte[] prefix = new byte[KEY_GROUP_BYTES + encodedKey.length];
    prefix[0] = (byte) (keyGroup >>> 8);
    prefix[1] = (byte) keyGroup;
    System.arraycopy(encodedKey, 0, prefix, KEY_GROUP_BYTES, encodedKey.length);
    return prefix;
  }

  /** {@code prefix} followed by {@code suffix}. */
  static byte[] concat(byte[] prefix, byte[] suffix) {
    byte[] key = new byte[prefix.length + suffix.length];
    System.arraycopy(prefix, 0, key, 0, prefix.length);
    System.arraycopy(suffix, 0, key, prefix.length, suffix.length);
    return key;
  }

  /** {@code prefix} followed by one byte: the exclusive end of a range of the prefix's keys. */
  static byte[] withByte(byte[] prefix, int b) {
    byte[] key = new byte[prefix.length + 1];
    System.arraycopy(prefix, 0, key, 0, prefix.length);
    key[prefix.length] = (byte) b;
    return key;
  }

  /** {@code prefix} followed by {@code value}, big-endian. */
  static byte[] withLong(byte[] prefix, long value) {
    byte[] key = new byte[prefix.length + Long.BYTES];
    System.arraycopy(prefix, 0, key, 0, prefix.length);
    LONG.set(key, prefix.length, value);
    return key;
  }

  /** {@code prefix} followed by {@code time}, ordered as signed numbers are. */
  static byte[] withTime(byte[] prefix, long time) {
    return withLong(prefix, time ^ Long.MIN_VALUE);
  }

  static long longAt(byte[] bytes, int offset) {
    return (long) LONG.get(bytes, offset);
  }

  static long timeAt(byte[] bytes, int offset) {
    return longAt(bytes, offset) ^ Long.MIN_VALUE;
  }

  static byte[] longBytes(long value) {
    return withLong(new byte[0], value);
  }

  static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && java.util.Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }
}
