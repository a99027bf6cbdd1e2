package io.millrace.sink.delta;

import io.delta.kernel.Scan;
import io.delta.kernel.Snapshot;
import io.delta.kernel.Table;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.exceptions.TableNotFoundException;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.SnapshotImpl;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads a Delta table with Delta Kernel alone, independently of any sink instance: every data
 * file of the latest snapshot, turned back into SPI rows of {@code schema}.
 */
final class DeltaTableReader {
  private final Engine engine = DefaultEngine.create(new Configuration());
  private final String path;

  DeltaTableReader(String path) {
    this.path = path;
  }

  /** All rows of the latest version; empty when there is no table yet. */
  List<Row> rows(Schema schema) throws IOException {
    Snapshot snapshot;
    try {
      snapshot = Table.forPath(engine, path).getLatestSnapshot(engine);
    } catch (TableNotFoundException e) {
      return List.of();
    }
    List<Row> out = new ArrayList<>();
    Scan scan = snapshot.getScanBuilder().build();
    io.delta.kernel.data.Row scanState = scan.getScanState(engine);
    StructType physical = ScanStateRow.getPhysicalDataReadSchema(engine, scanState);
    try (CloseableIterator<FilteredColumnarBatch> scanFiles = scan.getScanFiles(engine)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<io.delta.kernel.data.Row> files = scanFiles.next().getRows()) {
          while (files.hasNext()) {
            io.delta.kernel.data.Row scanFile = files.next();
            FileStatus status = InternalScanFileUtils.getAddFileStatus(scanFile);
            CloseableIterator<ColumnarBatch> data = engine.getParquetHandler()
                .readParquetFiles(singleton(status), physical, Optional.empty());
            try (CloseableIterator<FilteredColumnarBatch> logical =
                Scan.transformPhysicalData(engine, scanState, scanFile, data)) {
              while (logical.hasNext()) {
                addRows(logical.next(), schema, out);
              }
            }
          }
        }
      }
    }
    return out;
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

  private static void addRows(FilteredColumnarBatch batch, Schema schema, List<Row> out) {
    ColumnarBatch data = batch.getData();
    StructType dataSchema = data.getSchema();
    for (int r = 0; r < data.getSize(); r++) {
      if (batch.getSelectionVector().isPresent() && !batch.getSelectionVector().get().getBoolean(r)) {
        continue;
      }
      Object[] values = new Object[schema.size()];
      for (int c = 0; c < schema.size(); c++) {
        ColumnVector column = data.getColumnVector(dataSchema.indexOf(schema.field(c).name()));
        values[c] = value(column, schema.field(c).type(), r);
      }
      out.add(Row.wrap(values));
    }
  }

  private static Object value(ColumnVector column, DataType type, int r) {
    if (column.isNullAt(r)) {
      return null;
    }
    switch (type.kind()) {
      case BOOLEAN: return column.getBoolean(r);
      case INT: return column.getInt(r);
      case LONG: case TIMESTAMP: return column.getLong(r);
      case DOUBLE: return column.getDouble(r);
      case STRING: return column.getString(r);
      case BINARY: return column.getBinary(r);
      default:
        Object[] fields = new Object[type.fields().size()];
        for (int f = 0; f < fields.length; f++) {
          fields[f] = value(column.getChild(f), type.fields().field(f).type(), r);
        }
        return Row.wrap(fields);
    }
  }

  private static CloseableIterator<FileStatus> singleton(FileStatus status) {
    return new CloseableIterator<>() {
      private boolean done;

      @Override
      public boolean hasNext() {
        return !done;
      }

      @Override
      public FileStatus next() {
        done = true;
        return status;
      }

      @Override
      public void close() {}
    };
  }
}
