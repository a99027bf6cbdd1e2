package io.millrace.sink.delta;

import io.delta.kernel.Operation;
import io.delta.kernel.Table;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.utils.CloseableIterable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * A Delta table the source tests write: created empty by Delta Kernel directly, then one commit
 * per {@link #append} through this module's Delta sink (a commit of its own per batch), or a
 * commit that replaces every file ({@link #replace}, the sink's complete mode).
 */
final class DeltaTables implements AutoCloseable {
  private final Path path;
  private final Schema schema;
  private final List<String> partitionBy;
  private Sink appender;
  private long batchId;

  DeltaTables(Path path, Schema schema, List<String> partitionBy) {
    this.path = path;
    this.schema = schema;
    this.partitionBy = partitionBy;
  }

  /** Creates the table, version 0, with no data file, as Kernel's CREATE TABLE does. */
  DeltaTables create() {
    Engine engine = DefaultEngine.create(new Configuration());
    Table.forPath(engine, path.toString())
        .createTransactionBuilder(engine, "millrace-test", Operation.CREATE_TABLE)
        .withSchema(engine, DeltaTypes.toDelta(schema))
        .withPartitionColumns(engine, partitionBy)
        .build(engine)
        .commit(engine, CloseableIterable.emptyIterable());
    return this;
  }

  Map<String, String> sinkOptions() {
    Map<String, String> options = new HashMap<>(Map.of("path", path.toString(), "txnAppId", "tables-appender"));
    if (!partitionBy.isEmpty()) {
      options.put("partitionBy", String.join(",", partitionBy));
    }
    return options;
  }

  /** One commit adding {@code rows}. */
  void append(List<Row> rows) throws IOException {
    if (appender == null) {
      appender = Batches.sink(sinkOptions(), schema, OutputMode.APPEND);
    }
    appender.addBatch(batchId++, Batches.of(schema, rows));
  }

  /** One commit that removes every data file and adds {@code rows} (data changed, as an overwrite). */
  void replace(List<Row> rows) throws IOException {
    Map<String, String> options = sinkOptions();
    options.put("txnAppId", "tables-replacer");
    try (Sink sink = Batches.sink(options, schema, OutputMode.COMPLETE)) {
      sink.addBatch(batchId++, Batches.of(schema, rows));
    }
  }

  String path() {
    return path.toString();
  }

  @Override
  public void close() throws IOException {
    if (appender != null) {
      appender.close();
    }
  }
}
