package io.millrace.sink.delta;

import io.delta.kernel.expressions.Literal;
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;

/** Maps Millrace's SPI types onto Delta's, and values onto Delta partition literals. */
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

  /** TIMESTAMP maps to Delta's TIMESTAMP (microseconds since the epoch, UTC), as the SPI stores it. */
  static DataType toDelta(io.millrace.spi.data.DataType type) {
    switch (type.kind()) {
      case BOOLEAN: return BooleanType.BOOLEAN;
      case INT: return IntegerType.INTEGER;
      case LONG: return LongType.LONG;
      case DOUBLE: return DoubleType.DOUBLE;
      case STRING: return StringType.STRING;
      case BINARY: return BinaryType.BINARY;
      case TIMESTAMP: return TimestampType.TIMESTAMP;
      case STRUCT: return toDelta(type.fields());
      default: throw new IllegalArgumentException("no Delta type for " + type);
    }
  }

  /** The partition value literal of an SPI value of {@code type} (null allowed). */
  static Literal literal(io.millrace.spi.data.DataType type, Object value) {
    if (value == null) {
      return Literal.ofNull(toDelta(type));
    }
    switch (type.kind()) {
      case BOOLEAN: return Literal.ofBoolean((Boolean) value);
      case INT: return Literal.ofInt((Integer) value);
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
