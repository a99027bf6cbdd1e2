package io.millrace.api;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Orders rows by each column in turn, nulls first; structs by their fields, binary by unsigned
 * bytes, arrays element by element (a prefix first), maps by their entries in order.
 */
final class RowOrder {
  private RowOrder() {}

  static Comparator<Row> of(Schema schema) {
    return (a, b) -> compareRows(a, b, schema);
  }

  private static int compareRows(Row a, Row b, Schema schema) {
    for (int i = 0; i < schema.size(); i++) {
      int c = compareValues(a.get(i), b.get(i), schema.field(i).type());
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareValues(Object a, Object b, DataType type) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    switch (type.kind()) {
      case STRUCT:
        return compareRows((Row) a, (Row) b, type.fields());
      case BINARY:
        return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      case ARRAY:
        return compareLists((List<?>) a, (List<?>) b, type.elementType());
      case MAP:
        return compareEntries((Map<?, ?>) a, (Map<?, ?>) b, type);
      default:
        return ((Comparable) a).compareTo(b);
    }
  }

  private static int compareLists(List<?> a, List<?> b, DataType element) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = compareValues(a.get(i), b.get(i), element);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  private static int compareEntries(Map<?, ?> a, Map<?, ?> b, DataType type) {
    Iterator<? extends Map.Entry<?, ?>> x = a.entrySet().iterator();
    Iterator<? extends Map.Entry<?, ?>> y = b.entrySet().iterator();
    while (x.hasNext() && y.hasNext()) {
      Map.Entry<?, ?> e = x.next();
      Map.Entry<?, ?> f = y.next();
      int c = compareValues(e.getKey(), f.getKey(), type.keyType());
      if (c == 0) {
        c = compareValues(e.getValue(), f.getValue(), type.valueType());
      }
      if (c != 0) {
        return c;
      }
    }
    return Boolean.compare(x.hasNext(), y.hasNext());
  }
}
