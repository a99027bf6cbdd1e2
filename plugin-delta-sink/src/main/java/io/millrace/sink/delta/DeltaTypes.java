package io.millrace.sink.delta;

import io.delta.kernel.expressions.Literal;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.ByteType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.FloatType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.ShortType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps Millrace's SPI types onto Delta's (for the sink), Delta's back onto the SPI's (for the
 * source), and values onto Delta partition literals.
 */
final class DeltaTypes {
  private DeltaTypes() {}

  /** The Delta schema of the SPI schema; field names, order and nullability are kept. */
  static StructType toDelta(Schema schema) {
    StructType out = new StructType();
    for (Field field : schema) {
      out = out.add(field.name(), toDelta(field.type()), field.nullable());
    }
    return out;
  }

  /**
   * Each SPI type onto the Delta type of the same name; values keep their representation
   * (TIMESTAMP and TIMESTAMP_NTZ microseconds, DATE days since the epoch), as Kernel's are.
   */
  static DataType toDelta(io.millrace.spi.data.DataType type) {
    switch (type.kind()) {
      case BOOLEAN: return BooleanType.BOOLEAN;
      case BYTE: return ByteType.BYTE;
      case SHORT: return ShortType.SHORT;
      case INT: return IntegerType.INTEGER;
      case LONG: return LongType.LONG;
      case FLOAT: return FloatType.FLOAT;
      case DOUBLE: return DoubleType.DOUBLE;
      case DECIMAL: return new DecimalType(type.precision(), type.scale());
      case STRING: return StringType.STRING;
      case BINARY: return BinaryType.BINARY;
      case DATE: return DateType.DATE;
      case TIMESTAMP: return TimestampType.TIMESTAMP;
      case TIMESTAMP_NTZ: return TimestampNTZType.TIMESTAMP_NTZ;
      case ARRAY: return new ArrayType(toDelta(type.elementType()), type.containsNull());
      case MAP: return new MapType(toDelta(type.keyType()), toDelta(type.valueType()), type.containsNull());
      case STRUCT: return toDelta(type.fields());
      default: throw new IllegalArgumentException("no Delta type for " + type);
    }
  }

  /**
   * The SPI schema of a Delta table's schema: each Delta type onto the SPI type of the same name,
   * names, order and nullability kept. {@code table} names the table in the error for a type the
   * SPI lacks (such as VARIANT), which is refused rather than read as something near it.
   */
  static Schema toSpi(StructType schema, String table) {
    List<Field> fields = new ArrayList<>();
    for (StructField field : schema.fields()) {
      fields.add(new Field(field.getName(), toSpi(field.getDataType(), field.getName(), table), field.isNullable()));
    }
    return Schema.of(fields);
  }

  private static io.millrace.spi.data.DataType toSpi(DataType type, String column, String table) {
    if (type instanceof BooleanType) {
      return io.millrace.spi.data.DataType.BOOLEAN;
    } else if (type instanceof ByteType) {
      return io.millrace.spi.data.DataType.BYTE;
    } else if (type instanceof ShortType) {
      return io.millrace.spi.data.DataType.SHORT;
    } else if (type instanceof IntegerType) {
      return io.millrace.spi.data.DataType.INT;
    } else if (type instanceof LongType) {
      return io.millrace.spi.data.DataType.LONG;
    } else if (type instanceof FloatType) {
      return io.millrace.spi.data.DataType.FLOAT;
    } else if (type instanceof DoubleType) {
      return io.millrace.spi.data.DataType.DOUBLE;
    } else if (type instanceof DecimalType) {
      DecimalType decimal = (DecimalType) type;
      return io.millrace.spi.data.DataType.decimal(decimal.getPrecision(), decimal.getScale());
    } else if (type instanceof StringType) {
      return io.millrace.spi.data.DataType.STRING;
    } else if (type instanceof BinaryType) {
      return io.millrace.spi.data.DataType.BINARY;
    } else if (type instanceof DateType) {
      return io.millrace.spi.data.DataType.DATE;
    } else if (type instanceof TimestampType) {
      return io.millrace.spi.data.DataType.TIMESTAMP;
    } else if (type instanceof TimestampNTZType) {
      return io.millrace.spi.data.DataType.TIMESTAMP_NTZ;
    } else if (type instanceof ArrayType) {
      ArrayType array = (ArrayType) type;
      return io.millrace.spi.data.DataType.array(toSpi(array.getElementType(), column, table), array.containsNull());
    } else if (type instanceof MapType) {
      MapType map = (MapType) type;
      return io.millrace.spi.data.DataType.map(toSpi(map.getKeyType(), column, table),
          toSpi(map.getValueType(), column, table), map.isValueContainsNull());
    } else if (type instanceof StructType) {
      List<Field> fields = new ArrayList<>();
      for (StructField field : ((StructType) type).fields()) {
        fields.add(new Field(field.getName(), toSpi(field.getDataType(), column, table), field.isNullable()));
      }
      return io.millrace.spi.data.DataType.struct(Schema.of(fields));
    }
    throw new MillraceException("source 'delta' cannot read column '" + column + "' of the Delta table at " + table
        + ": Millrace has no type for Delta's " + type);
  }

  /** The partition value literal of an SPI value of {@code type} (null allowed). */
  static Literal literal(io.millrace.spi.data.DataType type, Object value) {
    if (value == null) {
      return Literal.ofNull(toDelta(type));
    }
    switch (type.kind()) {
      case BOOLEAN: return Literal.ofBoolean((Boolean) value);
      case BYTE: return Literal.ofByte((Byte) value);
      case SHORT: return Literal.ofShort((Short) value);
      case INT: return Literal.ofInt((Integer) value);
      case FLOAT: return Literal.ofFloat((Float) value);
      case DECIMAL: return Literal.ofDecimal((java.math.BigDecimal) value, type.precision(), type.scale());
      case DATE: return Literal.ofDate((Integer) value);
      case TIMESTAMP_NTZ: return Literal.ofTimestampNtz((Long) value);
      case LONG: return Literal.ofLong((Long) value);
      case DOUBLE: return Literal.ofDouble((Double) value);
      case STRING: return Literal.ofString((String) value);
      case BINARY: return Literal.ofBinary((byte[]) value);
      case TIMESTAMP: return Literal.ofTimestamp((Long) value);
      default: throw new IllegalArgumentException("a " + type + " column cannot partition a Delta table");
    }
  }

  /**
   * Whether two Delta schemas have the same column names and types at every level. Nullability
   * is not compared: a table made by an earlier run, or by another engine, may differ there
   * while still accepting the rows; Kernel checks non-null columns row by row.
   */
  static boolean sameShape(DataType a, DataType b) {
    if (a instanceof StructType && b instanceof StructType) {
      StructType sa = (StructType) a;
      StructType sb = (StructType) b;
      if (sa.length() != sb.length()) {
        return false;
      }
      for (int i = 0; i < sa.length(); i++) {
        StructField fa = sa.at(i);
        StructField fb = sb.at(i);
        if (!fa.getName().equals(fb.getName()) || !sameShape(fa.getDataType(), fb.getDataType())) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }
}
