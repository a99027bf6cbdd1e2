package io.millrace.plugins.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the first rows of one task that the console may show and lets the rest go: a batch
 * larger than the heap prints in bounded memory.
 */
final class ConsoleTaskWriter implements TaskWriter {
  /** A task's first rows, as plain values (a struct is a nested array). */
  record FirstRows(ArrayList<Object[]> rows) implements WriterCommitMessage {
    List<Row> asRows() {
      return rows.stream().map(FirstRows::row).toList();
    }

    static Object[] plain(Row row) {
      Object[] values = row.toArray();
      for (int i = 0; i < values.length; i++) {
        if (values[i] instanceof Row struct) {
          values[i] = plain(struct);
        }
      }
      return values;
    }

    private static Row row(Object[] plain) {
      Object[] values = plain.clone();
      for (int i = 0; i < values.length; i++) {
        if (values[i] instanceof Object[] struct) {
          values[i] = row(struct);
        }
      }
      return Row.wrap(values);
    }
  }

  private final int keep;
  private final ArrayList<Object[]> first = new ArrayList<>();

  /** @param keep how many rows the console may show of the whole batch */
  ConsoleTaskWriter(int keep) {
    this.keep = keep;
  }

  @Override
  public void write(Row row) {
    if (first.size() < keep) {
      first.add(FirstRows.plain(row));
    }
  }

  @Override
  public WriterCommitMessage commit() {
    return new FirstRows(first);
  }

  @Override
  public void abort() {
    first.clear();
  }
}
