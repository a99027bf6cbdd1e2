package io.millrace.sink.delta;

import io.delta.kernel.data.ArrayValue;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.MapValue;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kernel's column values as SPI values. Kernel keeps the representations the SPI uses (DATE days,
 * TIMESTAMP and TIMESTAMP_NTZ microseconds, DECIMAL as BigDecimal), so each value is read with the
 * getter of its SPI type; a struct's fields are read by position, in the order of its Delta type.
 */
final class KernelValues {
  private KernelValues() {}

  /** The value at row {@code r} of {@code column}, whose values are of SPI type {@code type}; null if null. */
  static Object value(ColumnVector column, DataType type, int r) {
    if (column.isNullAt(r)) {
      return null;
    }
    switch (type.kind()) {
      case BOOLEAN: return column.getBoolean(r);
      case BYTE: return column.getByte(r);
      case SHORT: return column.getShort(r);
      case INT: case DATE: return column.getInt(r);
      case LONG: case TIMESTAMP: case TIMESTAMP_NTZ: return column.getLong(r);
      case FLOAT: return column.getFloat(r);
      case DOUBLE: return column.getDouble(r);
      case DECIMAL: return column.getDecimal(r);
      case STRING: return column.getString(r);
      case BINARY: return column.getBinary(r);
      case ARRAY: {
        ArrayValue array = column.getArray(r);
        List<Object> out = new ArrayList<>(array.getSize());
        for (int i = 0; i < array.getSize(); i++) {
          out.add(value(array.getElements(), type.elementType(), i));
        }
        return Collections.unmodifiableList(out);
      }
      case MAP: {
        MapValue map = column.getMap(r);
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < map.getSize(); i++) {
          out.put(value(map.getKeys(), type.keyType(), i), value(map.getValues(), type.valueType(), i));
        }
        return Collections.unmodifiableMap(out);
      }
      default:
        Object[] fields = new Object[type.fields().size()];
        for (int f = 0; f < fields.length; f++) {
          fields[f] = value(column.getChild(f), type.fields().field(f).type(), r);
        }
        return Row.wrap(fields);
    }
  }
}
