package io.millrace.runtime.exec;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.Batch;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/** A batch held in memory. */
final class ListBatch implements Batch {
  private final Schema schema;
  private final List<Row> rows;

  ListBatch(Schema schema, List<Row> rows) {
    this.schema = schema;
    this.rows = Collections.unmodifiableList(rows);
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public long numRows() {
    return rows.size();
  }

  @Override
  public Iterator<Row> iterator() {
    return rows.iterator();
  }

  @Override
  public String toString() {
    return "batch of " + rows.size() + " rows";
  }
}
