package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import java.util.Arrays;

/**
 * Orderings of non-null values of one type, as SQL compares them. Numbers of mixed widths are
 * compared after widening, so one comparator serves INT against LONG.
 */
final class ValueComparators {

  /** Compares two non-null values of the type it was made for. */
  @FunctionalInterface
  interface ValueComparator {
    int compare(Object a, Object b);
  }

  private ValueComparators() {
  }

  /** The ordering for values that have been brought to {@code type}. */
  static ValueComparator forType(DataType type) {
    switch (type.kind()) {
      case BYTE: case SHORT: case INT: case DATE:
        return (a, b) -> Integer.compare(((Number) a).intValue(), ((Number) b).intValue());
      case LONG: case TIMESTAMP: case TIMESTAMP_NTZ:
        return (a, b) -> Long.compare(((Number) a).longValue(), ((Number) b).longValue());
      case FLOAT: case DOUBLE: return (a, b) -> compareDoubles(((Number) a).doubleValue(), ((Number) b).doubleValue());
      // By value: 1.10 equals 1.1, as in Spark.
      case DECIMAL: return (a, b) -> ((java.math.BigDecimal) a).compareTo((java.math.BigDecimal) b);
      case ARRAY: return arrays(forType(type.elementType()));
      case STRUCT: return structs(type.fields());
      case BOOLEAN: return (a, b) -> Boolean.compare((Boolean) a, (Boolean) b);
      case STRING: return (a, b) -> compareStrings((String) a, (String) b);
      case BINARY: return (a, b) -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      default: throw new IllegalArgumentException("values of type " + type + " cannot be compared");
    }
  }

  /** Field by field, a null field first, as Spark orders structs. */
  private static ValueComparator structs(io.millrace.spi.data.Schema fields) {
    ValueComparator[] each = new ValueComparator[fields.size()];
    for (int i = 0; i < each.length; i++) {
      each[i] = forType(fields.field(i).type());
    }
    return (a, b) -> {
      io.millrace.spi.data.Row x = (io.millrace.spi.data.Row) a;
      io.millrace.spi.data.Row y = (io.millrace.spi.data.Row) b;
      for (int i = 0; i < each.length; i++) {
        Object e = x.get(i);
        Object f = y.get(i);
        int c = e == null || f == null ? Boolean.compare(e != null, f != null) : each[i].compare(e, f);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
  }

  /** Element by element, a null element first, a shorter array first when one is a prefix of the other. */
  private static ValueComparator arrays(ValueComparator element) {
    return (a, b) -> {
      java.util.List<?> x = (java.util.List<?>) a;
      java.util.List<?> y = (java.util.List<?>) b;
      for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
        Object e = x.get(i);
        Object f = y.get(i);
        int c = e == null || f == null ? Boolean.compare(e != null, f != null) : element.compare(e, f);
        if (c != 0) {
          return c;
        }
      }
      return Integer.compare(x.size(), y.size());
    };
  }

  /**
   * Spark's double ordering: NaN equals NaN and sorts above every other value, and 0.0 equals
   * -0.0.
   */
  static int compareDoubles(double a, double b) {
    return a == b ? 0 : Double.compare(a, b);
  }

  /**
   * Orders by Unicode code point, which is the UTF-8 byte order Spark uses; String.compareTo
   * orders by UTF-16 unit and so puts supplementary characters below U+E000..U+FFFF.
   */
  static int compareStrings(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        if (Character.isSurrogate(x) || Character.isSurrogate(y)) {
          return Integer.compare(a.codePointAt(i), b.codePointAt(i));
        }
        return Character.compare(x, y);
      }
    }
    return Integer.compare(a.length(), b.length());
  }
}
