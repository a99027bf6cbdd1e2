package io.millrace.sink.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema of a row schema, as Spark's {@code SparkToParquetSchemaConverter} makes it
 * (standard, non-legacy layout): BYTE and SHORT as annotated INT32, DECIMAL as INT32 up to
 * precision 9, INT64 up to 18 and a fixed-length binary of the fewest bytes above, DATE as INT32
 * DATE, TIMESTAMP as INT64 TIMESTAMP(MICROS, UTC-adjusted) and TIMESTAMP_NTZ as INT64
 * TIMESTAMP(MICROS, local), arrays as the three-level LIST, maps as MAP with a repeated
 * {@code key_value} group. A nullable column is OPTIONAL, a NOT NULL one REQUIRED.
 */
final class ParquetTypes {
  static final String ROOT = "spark_schema";

  private ParquetTypes() {}

  static MessageType message(Schema schema) {
    return new MessageType(ROOT, fields(schema));
  }

  private static List<Type> fields(Schema schema) {
    List<Type> out = new ArrayList<>();
    for (Field f : schema) {
      out.add(type(f.name(), f.type(), f.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED));
    }
    return out;
  }

  private static Type type(String name, DataType type, Repetition rep) {
    switch (type.kind()) {
      case BOOLEAN: return Types.primitive(PrimitiveTypeName.BOOLEAN, rep).named(name);
      case BYTE: return Types.primitive(PrimitiveTypeName.INT32, rep).as(LogicalTypeAnnotation.intType(8, true)).named(name);
      case SHORT: return Types.primitive(PrimitiveTypeName.INT32, rep).as(LogicalTypeAnnotation.intType(16, true)).named(name);
      case INT: return Types.primitive(PrimitiveTypeName.INT32, rep).named(name);
      case LONG: return Types.primitive(PrimitiveTypeName.INT64, rep).named(name);
      case FLOAT: return Types.primitive(PrimitiveTypeName.FLOAT, rep).named(name);
      case DOUBLE: return Types.primitive(PrimitiveTypeName.DOUBLE, rep).named(name);
      case STRING: return Types.primitive(PrimitiveTypeName.BINARY, rep).as(LogicalTypeAnnotation.stringType()).named(name);
      case BINARY: return Types.primitive(PrimitiveTypeName.BINARY, rep).named(name);
      case DATE: return Types.primitive(PrimitiveTypeName.INT32, rep).as(LogicalTypeAnnotation.dateType()).named(name);
      case TIMESTAMP:
        return Types.primitive(PrimitiveTypeName.INT64, rep)
            .as(LogicalTypeAnnotation.timestampType(true, TimeUnit.MICROS)).named(name);
      case TIMESTAMP_NTZ:
        return Types.primitive(PrimitiveTypeName.INT64, rep)
            .as(LogicalTypeAnnotation.timestampType(false, TimeUnit.MICROS)).named(name);
      case DECIMAL: return decimal(name, type, rep);
      case STRUCT: return new GroupType(rep, name, fields(type.fields()));
      case ARRAY:
        return Types.buildGroup(rep).as(LogicalTypeAnnotation.listType())
            .addField(Types.repeatedGroup()
                .addField(type("element", type.elementType(), type.containsNull() ? Repetition.OPTIONAL : Repetition.REQUIRED))
                .named("list"))
            .named(name);
      case MAP:
        return Types.buildGroup(rep).as(LogicalTypeAnnotation.mapType())
            .addField(Types.repeatedGroup()
                .addField(type("key", type.keyType(), Repetition.REQUIRED))
                .addField(type("value", type.valueType(), type.containsNull() ? Repetition.OPTIONAL : Repetition.REQUIRED))
                .named("key_value"))
            .named(name);
      default:
        throw new IllegalArgumentException("no Parquet type for " + type);
    }
  }

  private static Type decimal(String name, DataType type, Repetition rep) {
    int precision = type.precision();
    LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(type.scale(), precision);
    if (precision <= 9) {
      return Types.primitive(PrimitiveTypeName.INT32, rep).as(annotation).named(name);
    }
    if (precision <= 18) {
      return Types.primitive(PrimitiveTypeName.INT64, rep).as(annotation).named(name);
    }
    return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep).length(bytesFor(precision)).as(annotation)
        .named(name);
  }

  /** The fewest bytes whose two's complement holds every unscaled value of {@code precision} digits (Spark's minBytesForPrecision). */
  static int bytesFor(int precision) {
    int bytes = 1;
    while (Math.pow(2.0, 8 * bytes - 1) < Math.pow(10.0, precision)) {
      bytes++;
    }
    return bytes;
  }
}
