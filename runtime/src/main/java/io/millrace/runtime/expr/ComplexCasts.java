package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Casts of arrays, maps and structs, as Spark makes them: element by element (key by key,
 * field by field) with the conversions of their types, an element that does not convert
 * becoming null; and to text as {@code [1, 2, null]}, {@code {a -> 1, b -> null}} and
 * {@code {1, [2]}}.
 */
final class ComplexCasts {
  private ComplexCasts() {}

  static boolean isComplex(DataType type) {
    return type.kind() == DataType.Kind.ARRAY || type.kind() == DataType.Kind.MAP
        || type.kind() == DataType.Kind.STRUCT;
  }

  /** The conversion from {@code from} to {@code to}, one of them an array, map or struct; null when there is none. */
  static CastConversions.Conversion find(DataType from, DataType to) {
    if (to.kind() == DataType.Kind.STRING) {
      return toText(from);
    }
    if (from.kind() != to.kind()) {
      return null;
    }
    switch (from.kind()) {
      case ARRAY: {
        CastConversions.Conversion element = element(from.elementType(), to.elementType());
        return element == null ? null : (v, c) -> {
          List<?> in = (List<?>) v;
          List<Object> out = new ArrayList<>(in.size());
          for (Object e : in) {
            out.add(e == null ? null : element.apply(e, c));
          }
          return Collections.unmodifiableList(out);
        };
      }
      case MAP: {
        CastConversions.Conversion key = element(from.keyType(), to.keyType());
        CastConversions.Conversion value = element(from.valueType(), to.valueType());
        return key == null || value == null ? null : (v, c) -> {
          Map<Object, Object> out = new LinkedHashMap<>();
          for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
            Object k = key.apply(e.getKey(), c);
            if (k == null) {
              return null; // a map cannot hold a null key
            }
            out.put(k, e.getValue() == null ? null : value.apply(e.getValue(), c));
          }
          return Collections.unmodifiableMap(out);
        };
      }
      default: {
        if (from.fields().size() != to.fields().size()) {
          return null;
        }
        CastConversions.Conversion[] fields = new CastConversions.Conversion[from.fields().size()];
        for (int i = 0; i < fields.length; i++) {
          fields[i] = element(from.fields().field(i).type(), to.fields().field(i).type());
          if (fields[i] == null) {
            return null;
          }
        }
        return (v, c) -> {
          Row in = (Row) v;
          Object[] out = new Object[fields.length];
          for (int i = 0; i < out.length; i++) {
            out[i] = in.get(i) == null ? null : fields[i].apply(in.get(i), c);
          }
          return Row.wrap(out);
        };
      }
    }
  }

  /** An element's conversion: the identity for equal types. */
  private static CastConversions.Conversion element(DataType from, DataType to) {
    return from.equals(to) ? (v, c) -> v : CastConversions.find(from, to);
  }

  private static CastConversions.Conversion toText(DataType from) {
    switch (from.kind()) {
      case ARRAY: {
        CastConversions.Conversion element = text(from.elementType());
        return element == null ? null : (v, c) -> {
          StringBuilder sb = new StringBuilder("[");
          for (Object e : (List<?>) v) {
            sb.append(sb.length() == 1 ? "" : ", ").append(e == null ? "null" : element.apply(e, c));
          }
          return sb.append(']').toString();
        };
      }
      case MAP: {
        CastConversions.Conversion key = text(from.keyType());
        CastConversions.Conversion value = text(from.valueType());
        return key == null || value == null ? null : (v, c) -> {
          StringBuilder sb = new StringBuilder("{");
          for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
            sb.append(sb.length() == 1 ? "" : ", ").append(key.apply(e.getKey(), c)).append(" -> ")
                .append(e.getValue() == null ? "null" : value.apply(e.getValue(), c));
          }
          return sb.append('}').toString();
        };
      }
      default:
        return CastConversions.find(from, DataType.STRING);
    }
  }

  private static CastConversions.Conversion text(DataType type) {
    return type.kind() == DataType.Kind.STRING ? (v, c) -> v : CastConversions.find(type, DataType.STRING);
  }
}
