package io.millrace.sink.delta;

import io.delta.kernel.data.ArrayValue;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.MapValue;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.StructType;
import io.millrace.spi.data.Row;

/**
 * A Kernel column over SPI values held as Java objects (see {@link io.millrace.spi.data.DataType}
 * for each type's class). A STRUCT column's children are columns of the structs' fields, with
 * null where the struct itself is null.
 */
final class SpiColumnVector implements ColumnVector {
  private final DataType type;
  private final Object[] values;
  private final ColumnVector[] children;

  SpiColumnVector(DataType type, Object[] values) {
    this.type = type;
    this.values = values;
    this.children = type instanceof StructType ? structChildren((StructType) type, values) : null;
  }

  private static ColumnVector[] structChildren(StructType struct, Object[] rows) {
    ColumnVector[] out = new ColumnVector[struct.length()];
    for (int f = 0; f < out.length; f++) {
      Object[] fieldValues = new Object[rows.length];
      for (int r = 0; r < rows.length; r++) {
        fieldValues[r] = rows[r] == null ? null : ((Row) rows[r]).get(f);
      }
      out[f] = new SpiColumnVector(struct.at(f).getDataType(), fieldValues);
    }
    return out;
  }

  @Override
  public DataType getDataType() {
    return type;
  }

  @Override
  public int getSize() {
    return values.length;
  }

  @Override
  public void close() {}

  @Override
  public boolean isNullAt(int rowId) {
    return values[rowId] == null;
  }

  @Override
  public boolean getBoolean(int rowId) {
    return (Boolean) values[rowId];
  }

  @Override
  public byte getByte(int rowId) {
    return (Byte) values[rowId];
  }

  @Override
  public short getShort(int rowId) {
    return (Short) values[rowId];
  }

  /** INT and DATE (days since the epoch) values. */
  @Override
  public int getInt(int rowId) {
    return (Integer) values[rowId];
  }

  @Override
  public float getFloat(int rowId) {
    return (Float) values[rowId];
  }

  @Override
  public java.math.BigDecimal getDecimal(int rowId) {
    return (java.math.BigDecimal) values[rowId];
  }

  @Override
  public ArrayValue getArray(int rowId) {
    java.util.List<?> list = (java.util.List<?>) values[rowId];
    ColumnVector elements = new SpiColumnVector(((ArrayType) type).getElementType(), list.toArray());
    return new ArrayValue() {
      @Override
      public int getSize() {
        return list.size();
      }

      @Override
      public ColumnVector getElements() {
        return elements;
      }
    };
  }

  @Override
  public MapValue getMap(int rowId) {
    java.util.Map<?, ?> map = (java.util.Map<?, ?>) values[rowId];
    MapType mapType = (MapType) type;
    ColumnVector keys = new SpiColumnVector(mapType.getKeyType(), map.keySet().toArray());
    ColumnVector mapValues = new SpiColumnVector(mapType.getValueType(), map.values().toArray());
    return new MapValue() {
      @Override
      public int getSize() {
        return map.size();
      }

      @Override
      public ColumnVector getKeys() {
        return keys;
      }

      @Override
      public ColumnVector getValues() {
        return mapValues;
      }
    };
  }

  /** LONG, TIMESTAMP and TIMESTAMP_NTZ (microseconds) values. */
  @Override
  public long getLong(int rowId) {
    return (Long) values[rowId];
  }

  @Override
  public double getDouble(int rowId) {
    return (Double) values[rowId];
  }

  @Override
  public String getString(int rowId) {
    return (String) values[rowId];
  }

  @Override
  public byte[] getBinary(int rowId) {
    return (byte[]) values[rowId];
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    if (children == null) {
      throw new UnsupportedOperationException(type + " has no child columns");
    }
    return children[ordinal];
  }
}
