package io.millrace.plugins.sink;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.ReadableSinkProvider;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import java.util.List;

/**
 * The {@code memory} sink: collects every batch into the {@link MemorySinkTable} named by the
 * option {@code name}, or by the query's name when the option is not set. Append and update
 * add each batch's rows; complete makes each batch the whole table. Exactly once within the
 * process: a batch id that is not after the last one written is skipped and counted.
 */
public final class MemorySinkProvider implements ReadableSinkProvider {
  static final String NAME = "name";

  public MemorySinkProvider() {}

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  /** {@inheritDoc} The table lives in this process, and a query on a new checkpoint starts it empty. */
  @Override
  public boolean allowsTemporaryCheckpoint() {
    return true;
  }

  @Override
  public String description() {
    return "collects the output into a MemorySinkTable in this JVM (for tests)";
  }

  @Override
  public Sink create(SinkContext context) {
    String table = tableName(context);
    return new MemorySink(MemorySinkTable.forQuery(table, context.schema(), context.queryId()), context.outputMode());
  }

  @Override
  public List<Row> readBack(SinkContext context, int maxRows) {
    List<Row> rows = MemorySinkTable.find(tableName(context)).map(MemorySinkTable::rows).orElse(List.of());
    return rows.subList(0, Math.min(maxRows, rows.size()));
  }

  private static String tableName(SinkContext context) {
    Options options = context.options();
    KnownOptions.check(options, NAME);
    String table = options.get(NAME).or(context::queryName).orElseThrow(() -> new InvalidOptionException(NAME,
        "option '" + NAME + "' of " + options.owner() + " is required when the query has no name: it names the table"));
    if (table.isBlank()) {
      throw options.invalid(NAME, table, "a non-blank table name");
    }
    return table;
  }
}
