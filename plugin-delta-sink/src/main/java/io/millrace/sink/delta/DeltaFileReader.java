package io.millrace.sink.delta;

import io.delta.kernel.Scan;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.actions.DeletionVectorDescriptor;
import io.delta.kernel.internal.data.GenericRow;
import io.delta.kernel.internal.util.VectorUtils;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.PartitionReader;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one data file with Kernel's default Parquet reader and turns it into the table's rows
 * with {@link Scan#transformPhysicalData}: partition values added, column mapping undone, rows a
 * deletion vector removes left out. Batch by batch, so a large file is never held whole.
 */
final class DeltaFileReader implements PartitionReader {
  private static final StructType ADD_SCHEMA =
      (StructType) InternalScanFileUtils.SCAN_FILE_SCHEMA.get("add").getDataType();

  private final Schema schema;
  private final String table;
  private final DeltaFilePartition file;
  private final CloseableIterator<FilteredColumnarBatch> batches;
  private ColumnVector[] columns;
  private Optional<ColumnVector> selection = Optional.empty();
  private int size;
  private int next;
  private Row current;

  DeltaFileReader(Engine engine, ScanState scan, DeltaFilePartition file, Schema schema, String table) throws IOException {
    this.schema = schema;
    this.table = table;
    this.file = file;
    io.delta.kernel.data.Row scanFile = scanFileRow(file, scan.tableRoot());
    FileStatus status = InternalScanFileUtils.getAddFileStatus(scanFile);
    try {
      this.batches = KernelEngine.call(() -> Scan.transformPhysicalData(engine, scan.state(), scanFile,
          engine.getParquetHandler().readParquetFiles(DeltaTableRows.singleton(status), scan.physicalSchema(),
              Optional.empty())));
    } catch (IOException | RuntimeException e) {
      throw failure(e);
    }
  }

  /** The scan file row Kernel's scan would give for this file: its add action and the table root. */
  private static io.delta.kernel.data.Row scanFileRow(DeltaFilePartition file, String tableRoot) {
    Map<Integer, Object> add = new HashMap<>();
    add.put(ADD_SCHEMA.indexOf("path"), file.path());
    add.put(ADD_SCHEMA.indexOf("partitionValues"), VectorUtils.stringStringMapValue(file.partitionValues()));
    add.put(ADD_SCHEMA.indexOf("size"), file.size());
    add.put(ADD_SCHEMA.indexOf("modificationTime"), file.modificationTime());
    add.put(ADD_SCHEMA.indexOf("dataChange"), true);
    DeltaFilePartition.DeletionVector dv = file.deletionVector();
    if (dv != null) {
      Map<Integer, Object> d = new HashMap<>();
      StructType dvSchema = DeletionVectorDescriptor.READ_SCHEMA;
      d.put(dvSchema.indexOf("storageType"), dv.storageType());
      d.put(dvSchema.indexOf("pathOrInlineDv"), dv.pathOrInlineDv());
      d.put(dvSchema.indexOf("offset"), dv.offset());
      d.put(dvSchema.indexOf("sizeInBytes"), dv.sizeInBytes());
      d.put(dvSchema.indexOf("cardinality"), dv.cardinality());
      add.put(ADD_SCHEMA.indexOf("deletionVector"), new GenericRow(dvSchema, d));
    }
    Map<Integer, Object> scanFile = new HashMap<>();
    scanFile.put(InternalScanFileUtils.ADD_FILE_ORDINAL, new GenericRow(ADD_SCHEMA, add));
    scanFile.put(InternalScanFileUtils.SCAN_FILE_SCHEMA.indexOf("tableRoot"), tableRoot);
    return new GenericRow(InternalScanFileUtils.SCAN_FILE_SCHEMA, scanFile);
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      while (next < size) {
        int r = next++;
        if (selection.isPresent() && (selection.get().isNullAt(r) || !selection.get().getBoolean(r))) {
          continue;
        }
        Object[] values = new Object[columns.length];
        for (int c = 0; c < columns.length; c++) {
          values[c] = KernelValues.value(columns[c], schema.field(c).type(), r);
        }
        current = Row.wrap(values);
        return true;
      }
      if (!nextBatch()) {
        current = null;
        return false;
      }
    }
  }

  private boolean nextBatch() throws IOException {
    try {
      return KernelEngine.call(() -> {
        if (!batches.hasNext()) {
          return false;
        }
        FilteredColumnarBatch batch = batches.next();
        ColumnarBatch data = batch.getData();
        StructType names = data.getSchema();
        columns = new ColumnVector[schema.size()];
        for (int c = 0; c < columns.length; c++) {
          int index = names.indexOf(schema.field(c).name());
          if (index < 0) {
            throw new IllegalStateException("Kernel read no column '" + schema.field(c).name() + "'; it read "
                + names.fieldNames());
          }
          columns[c] = data.getColumnVector(index);
        }
        selection = batch.getSelectionVector();
        size = data.getSize();
        next = 0;
        return true;
      });
    } catch (IOException | RuntimeException e) {
      throw failure(e);
    }
  }

  private IOException failure(Exception e) {
    return new IOException("source 'delta' cannot read data file " + file.path() + " of the Delta table at " + table
        + ": " + e.getMessage(), e);
  }

  @Override
  public Row get() {
    if (current == null) {
      throw new IllegalStateException("no current row: call next() first, and only while it returns true");
    }
    return current;
  }

  @Override
  public void close() throws IOException {
    batches.close();
  }
}
