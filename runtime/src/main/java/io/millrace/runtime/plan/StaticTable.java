package io.millrace.runtime.plan;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * The rows of a static table as the running batch sees them. The query reads the table when it
 * starts and, with a refresh interval, again between batches; every task of one batch sees the
 * same {@link Snapshot}.
 */
public interface StaticTable {

  /** What the table is, for plans and errors: its format and path. */
  String description();

  Schema schema();

  /** The rows the running batch joins with. */
  Snapshot current();

  /** One read of the table: its rows (copies, kept) and which read it was (1 for the first). */
  record Snapshot(long read, List<Row> rows) {
    public Snapshot {
      rows = List.copyOf(rows);
    }
  }
}
