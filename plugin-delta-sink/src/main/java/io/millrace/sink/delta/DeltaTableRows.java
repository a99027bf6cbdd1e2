package io.millrace.sink.delta;

import io.delta.kernel.Scan;
import io.delta.kernel.Snapshot;
import io.delta.kernel.Table;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.exceptions.TableNotFoundException;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the latest snapshot of a Delta table with Delta Kernel alone, independently of any sink
 * instance: its data files, turned back into SPI rows. Columns are matched by name, so a table
 * whose columns are in another order still reads as {@code schema}.
 */
final class DeltaTableRows {
  private final Engine engine;
  private final String path;

  DeltaTableRows(Engine engine, String path) {
    this.engine = engine;
    this.path = path;
  }

  /** Up to {@code maxRows} rows of the latest version; empty when there is no table yet. */
  List<Row> read(Schema schema, int maxRows) throws IOException {
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
      while (scanFiles.hasNext() && out.size() < maxRows) {
        try (CloseableIterator<io.delta.kernel.data.Row> files = scanFiles.next().getRows()) {
          while (files.hasNext() && out.size() < maxRows) {
            readFile(scanState, physical, files.next(), schema, maxRows, out);
          }
        }
      }
    }
    return out;
  }

  private void readFile(io.delta.kernel.data.Row scanState, StructType physical, io.delta.kernel.data.Row scanFile,
      Schema schema, int maxRows, List<Row> out) throws IOException {
    FileStatus status = InternalScanFileUtils.getAddFileStatus(scanFile);
    CloseableIterator<ColumnarBatch> data = engine.getParquetHandler()
        .readParquetFiles(singleton(status), physical, Optional.empty());
    try (CloseableIterator<FilteredColumnarBatch> logical =
        Scan.transformPhysicalData(engine, scanState, scanFile, data)) {
      while (logical.hasNext() && out.size() < maxRows) {
        addRows(logical.next(), schema, maxRows, out);
      }
    }
  }

  private static void addRows(FilteredColumnarBatch batch, Schema schema, int maxRows, List<Row> out) {
    ColumnarBatch data = batch.getData();
    StructType dataSchema = data.getSchema();
    ColumnVector[] columns = new ColumnVector[schema.size()];
    for (int c = 0; c < columns.length; c++) {
      int index = dataSchema.indexOf(schema.field(c).name());
      if (index < 0) {
        throw new IllegalStateException("the Delta table has no column '" + schema.field(c).name()
            + "'; its columns are " + dataSchema.fieldNames());
      }
      columns[c] = data.getColumnVector(index);
    }
    Optional<ColumnVector> selection = batch.getSelectionVector();
    for (int r = 0; r < data.getSize() && out.size() < maxRows; r++) {
      if (selection.isPresent() && !selection.get().getBoolean(r)) {
        continue;
      }
      Object[] values = new Object[columns.length];
      for (int c = 0; c < columns.length; c++) {
        values[c] = KernelValues.value(columns[c], schema.field(c).type(), r);
      }
      out.add(Row.wrap(values));
    }
  }

  static CloseableIterator<FileStatus> singleton(FileStatus status) {
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
