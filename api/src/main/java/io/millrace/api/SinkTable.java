package io.millrace.api;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.data.TableText;
import java.util.ArrayList;
import java.util.List;

/**
 * What a query's sink durably holds, read back through its provider by
 * {@link StreamingQuery#readSinkTable(int)}: rows of the query's output schema, in the order the
 * external system gave them, and whether rows were left out because of the limit.
 */
public record SinkTable(Schema schema, List<Row> rows, boolean truncated) {

  public SinkTable {
    rows = List.copyOf(rows);
  }

  /** The same rows ordered by every column in turn, nulls first: a stable order to show or compare. */
  public SinkTable sorted() {
    List<Row> ordered = new ArrayList<>(rows);
    ordered.sort(RowOrder.of(schema));
    return new SinkTable(schema, ordered, truncated);
  }

  /**
   * The rows laid out like Spark's {@code show(numRows, truncate)}, with a line saying if the
   * table holds more than was read.
   */
  public String show(int numRows, boolean truncate) {
    String text = TableText.render(schema, rows, numRows, truncate);
    if (truncated && rows.size() <= numRows) {
      text += "(the sink holds more rows than the " + rows.size() + " read)\n";
    }
    return text;
  }
}
