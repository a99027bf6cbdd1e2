package io.millrace.plugins.testing;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.Batch;
import java.util.Iterator;
import java.util.List;

/** A batch of rows held in a list. */
public record ListBatch(Schema schema, List<Row> rows) implements Batch {

  public static ListBatch of(Schema schema, Row... rows) {
    return new ListBatch(schema, List.of(rows));
  }

  @Override
  public Iterator<Row> iterator() {
    return rows.iterator();
  }

  @Override
  public long numRows() {
    return rows.size();
  }
}
