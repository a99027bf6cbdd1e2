package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.Batch;
import java.util.Iterator;
import java.util.List;

/** A batch of rows held in a list, as the engine hands a sink. */
record RowBatch(Schema schema, List<Row> rows) implements Batch {

  @Override
  public Iterator<Row> iterator() {
    return rows.iterator();
  }

  @Override
  public long numRows() {
    return rows.size();
  }
}
