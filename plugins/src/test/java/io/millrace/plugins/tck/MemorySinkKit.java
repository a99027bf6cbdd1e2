package io.millrace.plugins.tck;

import io.millrace.plugins.sink.MemorySinkProvider;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.sink.SinkKit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/** Writes to a fresh {@link MemorySinkTable} per rule and reads the table back. */
final class MemorySinkKit implements SinkKit {
  private final String table = "tck-" + UUID.randomUUID();
  private long sequence;

  @Override
  public SinkProvider provider() {
    return new MemorySinkProvider();
  }

  @Override
  public Map<String, String> options() {
    return Map.of("name", table);
  }

  @Override
  public Schema schema() {
    return Schema.parse("id LONG NOT NULL, value STRING");
  }

  @Override
  public List<Row> rows(int count, Random random) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(Row.of(sequence++, "v" + random.nextInt(1000)));
    }
    return rows;
  }

  @Override
  public List<Row> readBack() {
    return MemorySinkTable.find(table).map(MemorySinkTable::rows).orElse(List.of());
  }

  /** The table lives in this JVM's registry: a child JVM would write a table of its own. */
  @Override
  public boolean reachableFromAnotherProcess() {
    return false;
  }

  /** A memory table belongs to one query: a new query id starts it afresh, as Spark's memory sink does. */
  @Override
  public boolean severalQueriesPerTable() {
    return false;
  }

  @Override
  public void close() {
    MemorySinkTable.remove(table);
  }
}
