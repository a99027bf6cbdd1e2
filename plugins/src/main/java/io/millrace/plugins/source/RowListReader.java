package io.millrace.plugins.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.PartitionReader;
import java.util.List;
import java.util.NoSuchElementException;

/** Reads rows that are already in memory. */
final class RowListReader implements PartitionReader {
  private final List<Row> rows;
  private int position = -1;

  RowListReader(List<Row> rows) {
    this.rows = rows;
  }

  @Override
  public boolean next() {
    if (position < rows.size()) {
      position++;
    }
    return position < rows.size();
  }

  @Override
  public Row get() {
    if (position < 0 || position >= rows.size()) {
      throw new NoSuchElementException("no current row: call next() and check that it returned true");
    }
    return rows.get(position);
  }

  @Override
  public void close() {}
}
