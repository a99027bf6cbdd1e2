package io.millrace.source.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The data model's type of a Parquet column, as Spark 4.0.1 reads it: INT32 with INT(8|16) as
 * BYTE|SHORT, DATE, DECIMAL in any physical type, TIMESTAMP adjusted to UTC as TIMESTAMP and
 * not adjusted as TIMESTAMP_NTZ, INT96 as TIMESTAMP, BINARY with STRING, ENUM or JSON as STRING,
 * LIST as ARRAY (and a bare repeated field as an array of it), MAP as MAP, other groups as STRUCT.
 * Every column, field, element and map value is nullable, as Spark makes them when it reads Parquet
 * (a REQUIRED column of one file may be missing from the next).
 */
final class ParquetTypes {

  private ParquetTypes() {
  }

  /** The schema of a file, or {@code why} names the column that has no type here. */
  static Schema schema(MessageType file, String where) {
    List<Field> fields = new ArrayList<>();
    for (Type t : file.getFields()) {
      fields.add(new Field(t.getName(), type(t, where), true));
    }
    return Schema.of(fields);
  }

  static DataType type(Type t, String where) {
    DataType one = single(t, where);
    return t.isRepetition(Type.Repetition.REPEATED) ? DataType.array(one, true) : one;
  }

  private static DataType primitive(PrimitiveType p, String where) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
      return DataType.decimal(d.getPrecision(), d.getScale());
    }
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN:
        return DataType.BOOLEAN;
      case INT32:
        if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return DataType.DATE;
        }
        if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i) {
          if (!i.isSigned()) { // one size up, as Spark: UINT_8 as SHORT, UINT_16 as INT, UINT_32 as LONG
            return i.getBitWidth() == 8 ? DataType.SHORT : i.getBitWidth() == 16 ? DataType.INT : DataType.LONG;
          }
          return i.getBitWidth() == 8 ? DataType.BYTE : i.getBitWidth() == 16 ? DataType.SHORT : DataType.INT;
        }
        if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
          throw unsupported(p, where, "a TIME, which the data model (and Spark 4.0) has no type for");
        }
        return DataType.INT;
      case INT64:
        if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts) {
          if (ts.getUnit() == LogicalTypeAnnotation.TimeUnit.NANOS) {
            throw unsupported(p, where, "a TIMESTAMP in nanoseconds (Spark refuses it too)");
          }
          return ts.isAdjustedToUTC() ? DataType.TIMESTAMP : DataType.TIMESTAMP_NTZ;
        }
        if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i && !i.isSigned()) {
          return DataType.decimal(20, 0);
        }
        if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
          throw unsupported(p, where, "a TIME, which the data model (and Spark 4.0) has no type for");
        }
        return DataType.LONG;
      case INT96:
        return DataType.TIMESTAMP;
      case FLOAT:
        return DataType.FLOAT;
      case DOUBLE:
        return DataType.DOUBLE;
      case BINARY:
        return a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation ? DataType.STRING : DataType.BINARY;
      case FIXED_LEN_BYTE_ARRAY:
        return DataType.BINARY;
      default:
        throw unsupported(p, where, "of an unknown physical type");
    }
  }

  private static DataType group(GroupType g, String where) {
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      Type repeated = g.getType(0);
      if (repeatedIsElement(g, repeated)) {
        return DataType.array(single(repeated, where), true);
      }
      Type element = repeated.asGroupType().getType(0);
      return DataType.array(type(element, where), true);
    }
    if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
      GroupType entry = g.getType(0).asGroupType();
      Type value = entry.getType(1);
      return DataType.map(type(entry.getType(0), where), type(value, where), true);
    }
    List<Field> fields = new ArrayList<>();
    for (Type t : g.getFields()) {
      fields.add(new Field(t.getName(), type(t, where), true));
    }
    return DataType.struct(Schema.of(fields));
  }

  /** The type of one value of {@code t}, whatever its repetition. */
  static DataType single(Type t, String where) {
    return t.isPrimitive() ? primitive(t.asPrimitiveType(), where) : group(t.asGroupType(), where);
  }

  /**
   * Whether a LIST's repeated field is its element (the older two-level forms: a primitive, a
   * group of several fields, or one named {@code array} or {@code <list>_tuple}) rather than the
   * group around the element (the standard three levels).
   */
  static boolean repeatedIsElement(GroupType list, Type repeated) {
    return repeated.isPrimitive() || repeated.asGroupType().getFieldCount() > 1
        || repeated.getName().equals("array") || repeated.getName().equals(list.getName() + "_tuple");
  }

  private static IllegalArgumentException unsupported(PrimitiveType p, String where, String what) {
    return new IllegalArgumentException(where + ": column '" + p.getName() + "' (" + p + ") is " + what);
  }
}
