package io.millrace.source.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet record (parquet-column's example {@link Group} model) as a row of the data model:
 * the value of each column of the source's schema found by name, null for one the file lacks.
 * Types were checked against {@link ParquetTypes} before, so each value converts as its type says.
 */
final class ParquetValues {
  /** The Julian day of 1970-01-01: an INT96 timestamp counts days from the Julian epoch. */
  private static final long UNIX_EPOCH_JULIAN_DAY = 2_440_588L;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private ParquetValues() {
  }

  /** The row of {@code schema} in record {@code g}, of the file's (projected) type {@code type}. */
  static Row row(Group g, GroupType type, Schema schema) {
    Object[] values = new Object[schema.size()];
    for (int i = 0; i < values.length; i++) {
      Field f = schema.field(i);
      if (type.containsField(f.name())) {
        int index = type.getFieldIndex(f.name());
        values[i] = field(g, index, type.getType(index), f.type());
      }
    }
    return Row.wrap(values);
  }

  private static Object field(Group g, int index, Type t, DataType target) {
    int count = g.getFieldRepetitionCount(index);
    if (t.isRepetition(Type.Repetition.REPEATED)) {
      List<Object> values = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        values.add(one(g, index, i, t, target.elementType()));
      }
      return values;
    }
    return count == 0 ? null : one(g, index, 0, t, target);
  }

  private static Object one(Group g, int index, int i, Type t, DataType target) {
    if (t.isPrimitive()) {
      return primitive(g, index, i, t.asPrimitiveType(), target);
    }
    Group child = g.getGroup(index, i);
    GroupType type = t.asGroupType();
    switch (target.kind()) {
      case ARRAY:
        return list(child, type, target.elementType());
      case MAP:
        return map(child, type, target);
      default:
        return row(child, type, target.fields());
    }
  }

  private static List<Object> list(Group list, GroupType type, DataType element) {
    Type repeated = type.getType(0);
    int n = list.getFieldRepetitionCount(0);
    List<Object> values = new ArrayList<>(n);
    boolean direct = ParquetTypes.repeatedIsElement(type, repeated);
    for (int i = 0; i < n; i++) {
      if (direct) {
        values.add(one(list, 0, i, repeated, element));
      } else {
        Group wrapper = list.getGroup(0, i);
        Type elementType = repeated.asGroupType().getType(0);
        values.add(wrapper.getFieldRepetitionCount(0) == 0 ? null : one(wrapper, 0, 0, elementType, element));
      }
    }
    return values;
  }

  private static Map<Object, Object> map(Group map, GroupType type, DataType target) {
    GroupType entryType = type.getType(0).asGroupType();
    int n = map.getFieldRepetitionCount(0);
    Map<Object, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      Group entry = map.getGroup(0, i);
      Object key = one(entry, 0, 0, entryType.getType(0), target.keyType());
      Object value = entry.getFieldRepetitionCount(1) == 0 ? null
          : one(entry, 1, 0, entryType.getType(1), target.valueType());
      values.put(key, value);
    }
    return values;
  }

  private static Object primitive(Group g, int index, int i, PrimitiveType p, DataType target) {
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN:
        return g.getBoolean(index, i);
      case INT32: {
        int v = g.getInteger(index, i);
        switch (target.kind()) {
          case BYTE: return (byte) v;
          case SHORT: return (short) v; // a SHORT or a UINT_8
          case LONG: return Integer.toUnsignedLong(v);
          case DECIMAL: return BigDecimal.valueOf(v, target.scale());
          default: return v;
        }
      }
      case INT64: {
        long v = g.getLong(index, i);
        if (target.kind() == DataType.Kind.DECIMAL) {
          return target.scale() == 0 && p.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation
              ? new BigDecimal(Long.toUnsignedString(v)) : BigDecimal.valueOf(v, target.scale());
        }
        if (p.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts
            && ts.getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS) {
          return Math.multiplyExact(v, 1000L);
        }
        return v;
      }
      case INT96:
        return int96Micros(g.getInt96(index, i));
      case FLOAT:
        return g.getFloat(index, i);
      case DOUBLE:
        return g.getDouble(index, i);
      default: {
        Binary b = g.getBinary(index, i);
        switch (target.kind()) {
          case STRING: return b.toStringUsingUTF8();
          case DECIMAL: return new BigDecimal(new BigInteger(b.getBytes()), target.scale());
          default: return b.getBytes();
        }
      }
    }
  }

  /** An INT96 timestamp (nanoseconds of the day, then the Julian day, little-endian) in microseconds since the epoch. */
  static long int96Micros(Binary int96) {
    ByteBuffer buf = int96.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = buf.getLong();
    long julianDay = buf.getInt() & 0xFFFF_FFFFL;
    return (julianDay - UNIX_EPOCH_JULIAN_DAY) * MICROS_PER_DAY + Math.floorDiv(nanosOfDay, 1000L);
  }
}
