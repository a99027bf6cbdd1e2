package io.millrace.api.state;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether state values written with one schema can be read with another, and the reading. Two
 * changes keep old values readable, matched by field name at every level: a field added that is
 * nullable (old values read it as null), and a number widened without loss (byte to short to int
 * to long, int or float to double). Anything else (a field removed, renamed, retyped or made
 * non-nullable) cannot be read, since old values would lose data or meaning; the engine refuses
 * such a run at start, naming the variable and both schemas.
 */
public final class StateSchemaEvolution {
  private StateSchemaEvolution() {}

  /** Why values of {@code written} cannot be read as {@code reading}; empty when they can. */
  public static Optional<String> incompatibility(Schema written, Schema reading) {
    return structs(written, reading, "");
  }

  private static Optional<String> structs(Schema written, Schema reading, String path) {
    for (Field w : written.fields()) {
      if (reading.indexOf(w.name()) < 0) {
        return Optional.of("field " + path + w.name() + " was removed");
      }
    }
    for (Field r : reading.fields()) {
      int at = written.indexOf(r.name());
      if (at < 0) {
        if (!r.nullable()) {
          return Optional.of("field " + path + r.name() + " was added but is not nullable (old values have none)");
        }
        continue;
      }
      Field w = written.field(at);
      if (w.nullable() && !r.nullable()) {
        return Optional.of("field " + path + r.name() + " is no longer nullable");
      }
      Optional<String> why = types(w.type(), r.type(), path + r.name());
      if (why.isPresent()) {
        return why;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> types(DataType written, DataType reading, String path) {
    if (written.equals(reading) || widens(written, reading)) {
      return Optional.empty();
    }
    if (written.kind() == DataType.Kind.STRUCT && reading.kind() == DataType.Kind.STRUCT) {
      return structs(written.fields(), reading.fields(), path + ".");
    }
    if (written.kind() == DataType.Kind.ARRAY && reading.kind() == DataType.Kind.ARRAY) {
      return types(written.elementType(), reading.elementType(), path + "[]");
    }
    if (written.kind() == DataType.Kind.MAP && reading.kind() == DataType.Kind.MAP) {
      return written.keyType().equals(reading.keyType()) ? types(written.valueType(), reading.valueType(),
          path + "{}") : Optional.of("the keys of map " + path + " changed from " + written.keyType() + " to "
              + reading.keyType());
    }
    return Optional.of("field " + path + " changed from " + written + " to " + reading);
  }

  private static boolean widens(DataType from, DataType to) {
    int a = integerRank(from.kind());
    int b = integerRank(to.kind());
    if (a >= 0 && b >= 0) {
      return a < b;
    }
    return to.kind() == DataType.Kind.DOUBLE
        && (from.kind() == DataType.Kind.FLOAT || a >= 0 && from.kind() != DataType.Kind.LONG);
  }

  private static int integerRank(DataType.Kind kind) {
    switch (kind) {
      case BYTE: return 0;
      case SHORT: return 1;
      case INT: return 2;
      case LONG: return 3;
      default: return -1;
    }
  }

  /**
   * {@code row}, a value written as {@code written}, as a value of {@code reading}; the two must
   * be compatible ({@link #incompatibility} empty).
   */
  public static Row read(Row row, Schema written, Schema reading) {
    if (written.equals(reading)) {
      return row;
    }
    Object[] values = new Object[reading.size()];
    for (int i = 0; i < values.length; i++) {
      Field r = reading.field(i);
      int at = written.indexOf(r.name());
      values[i] = at < 0 ? null : value(row.get(at), written.field(at).type(), r.type());
    }
    return Row.wrap(values);
  }

  private static Object value(Object v, DataType written, DataType reading) {
    if (v == null || written.equals(reading)) {
      return v;
    }
    switch (reading.kind()) {
      case SHORT: return ((Number) v).shortValue();
      case INT: return ((Number) v).intValue();
      case LONG: return ((Number) v).longValue();
      case DOUBLE: return ((Number) v).doubleValue();
      case STRUCT: return read((Row) v, written.fields(), reading.fields());
      case ARRAY: {
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) v) {
          out.add(value(e, written.elementType(), reading.elementType()));
        }
        return out;
      }
      case MAP: {
        java.util.Map<Object, Object> out = new java.util.LinkedHashMap<>();
        ((java.util.Map<?, ?>) v).forEach((k, e) -> out.put(k, value(e, written.valueType(), reading.valueType())));
        return out;
      }
      default: throw new IllegalArgumentException("cannot read " + written + " as " + reading);
    }
  }
}
