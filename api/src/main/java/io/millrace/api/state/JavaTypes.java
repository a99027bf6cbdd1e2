package io.millrace.api.state;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The field type of each Java type a state value may hold, and the conversions between a Java
 * value and the engine's value of that field type (a timestamp is microseconds since the epoch,
 * a date days since it, a struct a row, an array a list, a map a map).
 */
final class JavaTypes {
  /** DECIMAL(38, 18), the type a BigDecimal is kept as: Spark's default for Java decimals. */
  static final DataType DECIMAL = DataType.decimal(38, 18);

  private JavaTypes() {}

  /** The field type of {@code type}; {@code where} names it in the error. */
  static DataType fieldType(Type type, String where) {
    if (type instanceof Class<?> c) {
      if (c == long.class || c == Long.class) {
        return DataType.LONG;
      }
      if (c == int.class || c == Integer.class) {
        return DataType.INT;
      }
      if (c == short.class || c == Short.class) {
        return DataType.SHORT;
      }
      if (c == byte.class || c == Byte.class) {
        return DataType.BYTE;
      }
      if (c == double.class || c == Double.class) {
        return DataType.DOUBLE;
      }
      if (c == float.class || c == Float.class) {
        return DataType.FLOAT;
      }
      if (c == boolean.class || c == Boolean.class) {
        return DataType.BOOLEAN;
      }
      if (c == String.class) {
        return DataType.STRING;
      }
      if (c == byte[].class) {
        return DataType.BINARY;
      }
      if (c == Instant.class) {
        return DataType.TIMESTAMP;
      }
      if (c == LocalDate.class) {
        return DataType.DATE;
      }
      if (c == BigDecimal.class) {
        return DECIMAL;
      }
      if (c.isRecord()) {
        return DataType.struct(recordSchema(c));
      }
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
      Type[] args = p.getActualTypeArguments();
      if (List.class.isAssignableFrom(raw) && raw.isAssignableFrom(ArrayList.class)) {
        return DataType.array(fieldType(args[0], where + " (its elements)"), true);
      }
      if (Map.class.isAssignableFrom(raw) && raw.isAssignableFrom(LinkedHashMap.class)) {
        return DataType.map(fieldType(args[0], where + " (its keys)"), fieldType(args[1], where + " (its values)"),
            true);
      }
    }
    throw new IllegalArgumentException(where + " is a " + type.getTypeName() + ", which a state value cannot hold;"
        + " use a primitive or its box, String, byte[], Instant, LocalDate, BigDecimal, a record, List or Map of those");
  }

  /** A record class's components as fields: a primitive is not nullable, anything else is. */
  static Schema recordSchema(Class<?> record) {
    List<Field> fields = new ArrayList<>();
    for (RecordComponent c : record.getRecordComponents()) {
      fields.add(new Field(c.getName(), fieldType(c.getGenericType(), "component " + c.getName() + " of "
          + record.getName()), !c.getType().isPrimitive()));
    }
    return Schema.of(fields);
  }

  /** The engine's value of a Java value of field type {@code type}. */
  static Object toEngine(Object v, DataType type) {
    if (v == null) {
      return null;
    }
    switch (type.kind()) {
      case TIMESTAMP: return ChronoUnit.MICROS.between(Instant.EPOCH, (Instant) v);
      case DATE: return (int) ((LocalDate) v).toEpochDay();
      case DECIMAL: {
        try {
          return ((BigDecimal) v).setScale(type.scale(), java.math.RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
          throw new IllegalArgumentException("a state value's BigDecimal " + v + " has more than " + type.scale()
              + " decimal places, which DECIMAL(38, " + type.scale() + ") keeps; round it first", e);
        }
      }
      case STRUCT: return RecordCodec.encodeAny((Record) v);
      case ARRAY: {
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) v) {
          out.add(toEngine(e, type.elementType()));
        }
        return out;
      }
      case MAP: {
        Map<Object, Object> out = new LinkedHashMap<>();
        ((Map<?, ?>) v).forEach((k, e) -> out.put(toEngine(k, type.keyType()), toEngine(e, type.valueType())));
        return out;
      }
      default: return v;
    }
  }

  /** The Java value of {@code javaType} for the engine's value {@code v} of field type {@code type}. */
  static Object toJava(Object v, DataType type, Type javaType) {
    if (v == null) {
      return null;
    }
    switch (type.kind()) {
      case TIMESTAMP: return Instant.EPOCH.plus((Long) v, ChronoUnit.MICROS);
      case DATE: return LocalDate.ofEpochDay((Integer) v);
      case STRUCT: return RecordCodec.decodeAny((Row) v, (Class<?>) javaType);
      case ARRAY: {
        Type element = ((ParameterizedType) javaType).getActualTypeArguments()[0];
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) v) {
          out.add(toJava(e, type.elementType(), element));
        }
        return out;
      }
      case MAP: {
        Type[] kv = ((ParameterizedType) javaType).getActualTypeArguments();
        Map<Object, Object> out = new LinkedHashMap<>();
        ((Map<?, ?>) v).forEach((k, e) -> out.put(toJava(k, type.keyType(), kv[0]), toJava(e, type.valueType(), kv[1])));
        return out;
      }
      default: return v;
    }
  }
}
