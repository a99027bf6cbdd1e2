package io.millrace.spi.data;

import java.util.Arrays;

/**
 * An immutable positional tuple. Position {@code i} holds a value of the Java class that
 * {@link DataType#javaClass()} gives for field {@code i} of the stream's {@link Schema}, or
 * null. Rows do not carry their schema: the stream's schema describes every row in it.
 *
 * <p>Equality is by value, element by element; {@code byte[]} values compare by content.
 */
public final class Row {
  private static final Object[] NONE = new Object[0];

  private final Object[] values;

  private Row(Object[] values) {
    this.values = values;
  }

  /** A row of {@code values}; the array is copied. */
  public static Row of(Object... values) {
    return new Row(values.length == 0 ? NONE : values.clone());
  }

  /**
   * A row that takes ownership of {@code values} without copying. The caller must not change
   * the array afterwards; the runtime uses this on hot paths.
   */
  public static Row wrap(Object[] values) {
    return new Row(values);
  }

  public int size() {
    return values.length;
  }

  public Object get(int i) {
    return values[i];
  }

  public boolean isNullAt(int i) {
    return values[i] == null;
  }

  public boolean getBoolean(int i) {
    return (Boolean) values[i];
  }

  public int getInt(int i) {
    return (Integer) values[i];
  }

  public long getLong(int i) {
    return (Long) values[i];
  }

  public double getDouble(int i) {
    return (Double) values[i];
  }

  public String getString(int i) {
    return (String) values[i];
  }

  public byte[] getBinary(int i) {
    return (byte[]) values[i];
  }

  /** A TIMESTAMP value: microseconds since the epoch, UTC. */
  public long getTimestampMicros(int i) {
    return (Long) values[i];
  }

  public Row getStruct(int i) {
    return (Row) values[i];
  }

  /** @since SPI 1.4 */
  public byte getByte(int i) {
    return (Byte) values[i];
  }

  /** @since SPI 1.4 */
  public short getShort(int i) {
    return (Short) values[i];
  }

  /** @since SPI 1.4 */
  public float getFloat(int i) {
    return (Float) values[i];
  }

  /** A DECIMAL value, of its type's scale. @since SPI 1.4 */
  public java.math.BigDecimal getDecimal(int i) {
    return (java.math.BigDecimal) values[i];
  }

  /** A DATE value: days since 1970-01-01. @since SPI 1.4 */
  public int getEpochDay(int i) {
    return (Integer) values[i];
  }

  /** An ARRAY value. @since SPI 1.4 */
  @SuppressWarnings("unchecked")
  public <T> java.util.List<T> getList(int i) {
    return (java.util.List<T>) values[i];
  }

  /** A MAP value, in its insertion order. @since SPI 1.4 */
  @SuppressWarnings("unchecked")
  public <K, V> java.util.Map<K, V> getMap(int i) {
    return (java.util.Map<K, V>) values[i];
  }

  /** A copy of the values. */
  public Object[] toArray() {
    return values.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Row && Arrays.deepEquals(((Row) o).values, values);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(values);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < values.length; i++) {
      Object v = values[i];
      sb.append(i == 0 ? "" : ", ").append(v instanceof byte[] ? Arrays.toString((byte[]) v) : v);
    }
    return sb.append(']').toString();
  }
}
