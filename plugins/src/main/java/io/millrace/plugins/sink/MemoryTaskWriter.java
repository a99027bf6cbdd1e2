package io.millrace.plugins.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Gathers one task's rows and stages them in the table under a fresh id at the task's commit. */
final class MemoryTaskWriter implements TaskWriter {
  /** Names staged rows; the rows stay in the table's process, as a file stays on its disk. */
  record StagedRows(String id) implements WriterCommitMessage {}

  private final MemorySinkTable table;
  private List<Row> rows = new ArrayList<>();

  MemoryTaskWriter(MemorySinkTable table) {
    this.table = table;
  }

  @Override
  public void write(Row row) {
    rows.add(row);
  }

  @Override
  public WriterCommitMessage commit() {
    String id = UUID.randomUUID().toString();
    table.stage(id, rows);
    rows = null;
    return new StagedRows(id);
  }

  @Override
  public void abort() {
    rows = null;
  }
}
