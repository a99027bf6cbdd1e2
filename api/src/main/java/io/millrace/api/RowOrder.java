package io.millrace.api;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import java.util.Comparator;

/** Orders rows by each column in turn, nulls first; structs by their fields, binary by unsigned bytes. */
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
      default:
        return ((Comparable) a).compareTo(b);
    }
  }
}
