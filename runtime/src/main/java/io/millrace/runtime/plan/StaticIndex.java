package io.millrace.runtime.plan;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A static table's rows by join key, built once per {@link StaticTable.Snapshot} by the first
 * task of a batch that needs it and shared by the others. Keys compare as SQL's {@code =} does
 * for the join: a null key matches nothing, binary values by content, {@code -0.0} as {@code 0.0}.
 */
final class StaticIndex {
  private final StaticTable source;
  private final RowPipeline tableRows;
  private final int[] keys;
  private volatile Built built;

  private record Built(StaticTable.Snapshot snapshot, List<Row> all, Map<List<Object>, List<Row>> byKey) {}

  StaticIndex(StaticTable source, RowPipeline tableRows, int[] keys) {
    this.source = source;
    this.tableRows = tableRows;
    this.keys = keys;
  }

  /** The table rows that may match {@code row}, whose key columns are {@code rowKeys}. */
  List<Row> candidates(Row row, int[] rowKeys, EvalContext context) {
    Built b = current(context);
    if (keys.length == 0) {
      return b.all;
    }
    List<Object> key = key(row, rowKeys);
    if (key == null) {
      return List.of();
    }
    return b.byKey.getOrDefault(key, List.of());
  }

  private Built current(EvalContext context) {
    StaticTable.Snapshot snapshot = source.current();
    Built b = built;
    if (b != null && b.snapshot == snapshot) {
      return b;
    }
    synchronized (this) {
      b = built;
      if (b == null || b.snapshot != snapshot) {
        b = build(snapshot, context);
        built = b;
      }
      return b;
    }
  }

  private Built build(StaticTable.Snapshot snapshot, EvalContext context) {
    // the table side's own operators (select, filter) run once per read, in the batch that first needs it
    List<Row> all = new ArrayList<>();
    for (Row r : snapshot.rows()) {
      tableRows.forEachOutput(r, context, out -> all.add(Row.wrap(out.toArray())));
    }
    Map<List<Object>, List<Row>> byKey = new HashMap<>();
    if (keys.length > 0) {
      for (Row r : all) {
        List<Object> key = key(r, keys);
        if (key != null) {
          byKey.computeIfAbsent(key, k -> new ArrayList<>(1)).add(r);
        }
      }
    }
    return new Built(snapshot, List.copyOf(all), byKey);
  }

  /** The key of {@code row}'s columns {@code columns}, or null if one of them is null. */
  private static List<Object> key(Row row, int[] columns) {
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      Object v = row.get(columns[i]);
      if (v == null) {
        return null;
      }
      values[i] = normalized(v);
    }
    return Arrays.asList(values);
  }

  private static Object normalized(Object v) {
    if (v instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    if (v instanceof Double d && d == 0.0d) {
      return 0.0d;
    }
    if (v instanceof Float f && f == 0.0f) {
      return 0.0f;
    }
    return v;
  }
}
