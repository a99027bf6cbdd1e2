package io.millrace.sink.delta;

import io.delta.kernel.Table;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.SnapshotImpl;
import io.delta.kernel.types.StructType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads a Delta table with Delta Kernel alone, independently of any sink instance: its rows
 * (through the plugin's own reader), its version and the transaction ids its log records.
 */
final class DeltaTableReader {
  private final Engine engine = DefaultEngine.create(new Configuration());
  private final String path;

  DeltaTableReader(String path) {
    this.path = path;
  }

  /** All rows of the latest version; empty when there is no table yet. */
  List<Row> rows(Schema schema) throws IOException {
    return new DeltaTableRows(engine, path).read(schema, Integer.MAX_VALUE);
  }

  /** The version the table's log records for {@code appId}, if any. */
  Optional<Long> txnVersion(String appId) {
    SnapshotImpl snapshot = (SnapshotImpl) Table.forPath(engine, path).getLatestSnapshot(engine);
    return snapshot.getLatestTransactionVersion(engine, appId);
  }

  long tableVersion() {
    return Table.forPath(engine, path).getLatestSnapshot(engine).getVersion();
  }

  List<String> partitionColumns() {
    return Table.forPath(engine, path).getLatestSnapshot(engine).getPartitionColumnNames();
  }

  StructType schema() {
    return Table.forPath(engine, path).getLatestSnapshot(engine).getSchema();
  }
}
