package io.millrace.tck.child;

import io.millrace.spi.data.Row;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows in a form Java serialisation can carry to a child JVM: each row a list of its values,
 * a nested row (a STRUCT) a {@link Nested}. The SPI's values are otherwise serialisable
 * already (boxed numbers, strings, byte arrays).
 */
public final class PlainRows {
  private PlainRows() {}

  /** A STRUCT value inside a plain row. */
  record Nested(ArrayList<Object> values) implements Serializable {}

  public static ArrayList<ArrayList<Object>> of(List<Row> rows) {
    ArrayList<ArrayList<Object>> out = new ArrayList<>(rows.size());
    rows.forEach(row -> out.add(plain(row)));
    return out;
  }

  public static List<Row> rows(List<? extends List<Object>> plain) {
    List<Row> out = new ArrayList<>(plain.size());
    plain.forEach(values -> out.add(row(values)));
    return out;
  }

  private static ArrayList<Object> plain(Row row) {
    ArrayList<Object> values = new ArrayList<>(row.size());
    for (int i = 0; i < row.size(); i++) {
      Object v = row.get(i);
      values.add(v instanceof Row nested ? new Nested(plain(nested)) : v);
    }
    return values;
  }

  private static Row row(List<Object> values) {
    Object[] out = new Object[values.size()];
    for (int i = 0; i < out.length; i++) {
      Object v = values.get(i);
      out[i] = v instanceof Nested nested ? row(nested.values()) : v;
    }
    return Row.of(out);
  }
}
