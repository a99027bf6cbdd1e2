package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * The changes of a batch in key order, kept as two parallel arrays: a put's value, or null for
 * a removal. A batch of a deduplication changes a million keys, and an object per change was
 * an eighth of what the whole query allocated; the list view makes one only when asked.
 */
final class ChangeList extends AbstractList<KeyValue> implements RandomAccess {
  private byte[][] keys = new byte[16][];
  private byte[][] values = new byte[16][];
  private int size;

  void add(byte[] key, byte[] value) {
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    keys[size] = key;
    values[size] = value;
    size++;
  }

  byte[] key(int i) {
    return keys[i];
  }

  /** The value put, or null for a removal. */
  byte[] value(int i) {
    return values[i];
  }

  @Override
  public KeyValue get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return new KeyValue(keys[i], values[i]);
  }

  @Override
  public int size() {
    return size;
  }
}
