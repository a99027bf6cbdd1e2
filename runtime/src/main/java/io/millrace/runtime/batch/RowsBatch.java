package io.millrace.runtime.batch;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.Batch;
import java.util.Iterator;
import java.util.List;

/** Rows computed from a batch, handed to a sink as a batch of their own. */
record RowsBatch(Schema schema, List<Row> rows) implements Batch {

  @Override
  public long numRows() {
    return rows.size();
  }

  @Override
  public Iterator<Row> iterator() {
    return rows.iterator();
  }
}
