package io.millrace.sink.delta;

import io.delta.kernel.DataWriteContext;
import io.delta.kernel.Transaction;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The Parquet files one transaction attempt writes, and the add actions that publish them.
 *
 * <p>Rows are grouped by their partition values (one target directory each) and handed to
 * Kernel in column batches of at most {@value #ROWS_PER_BATCH} rows. Every file Kernel reports
 * is remembered as soon as it exists, so that an attempt that does not commit can delete what it
 * wrote: an orphan is never read (no commit names it) but would take space until a VACUUM.
 */
final class StagedFiles {
  private static final System.Logger LOG = System.getLogger(StagedFiles.class.getName());
  static final int ROWS_PER_BATCH = 16_384;

  private final List<DataFileStatus> files = new ArrayList<>();
  private final List<io.delta.kernel.data.Row> addActions = new ArrayList<>();
  private long rows;

  /** Writes {@code batchRows} as Parquet for {@code txn} and prepares their add actions. */
  static StagedFiles write(Engine engine, Transaction txn, Schema schema, List<Row> batchRows) throws IOException {
    StagedFiles staged = new StagedFiles();
    if (batchRows.isEmpty()) {
      return staged;
    }
    io.delta.kernel.data.Row state = txn.getTransactionState(engine);
    StructType logical = DeltaTypes.toDelta(schema);
    List<String> partitionColumns = txn.getPartitionColumns(engine);
    int[] partitionIndexes = indexesOf(schema, partitionColumns);
    for (Map.Entry<Row, List<Row>> group : groupByPartition(batchRows, partitionIndexes).entrySet()) {
      Map<String, Literal> values = new HashMap<>();
      for (int i = 0; i < partitionIndexes.length; i++) {
        values.put(partitionColumns.get(i),
            DeltaTypes.literal(schema.field(partitionIndexes[i]).type(), group.getKey().get(i)));
      }
      staged.writeGroup(engine, state, logical, values, group.getValue());
    }
    return staged;
  }

  private void writeGroup(Engine engine, io.delta.kernel.data.Row state, StructType logical,
      Map<String, Literal> partitionValues, List<Row> groupRows) throws IOException {
    CloseableIterator<FilteredColumnarBatch> physical =
        Transaction.transformLogicalData(engine, state, new Chunks(logical, groupRows), partitionValues);
    DataWriteContext context = Transaction.getWriteContext(engine, state, partitionValues);
    List<DataFileStatus> written = new ArrayList<>();
    try (CloseableIterator<DataFileStatus> out = engine.getParquetHandler()
        .writeParquetFiles(context.getTargetDirectory(), physical, context.getStatisticsColumns())) {
      while (out.hasNext()) {
        DataFileStatus file = out.next();
        files.add(file);
        written.add(file);
      }
    }
    try (CloseableIterator<io.delta.kernel.data.Row> actions =
        Transaction.generateAppendActions(engine, state, iterator(written), context)) {
      actions.forEachRemaining(addActions::add);
    }
    rows += groupRows.size();
  }

  List<io.delta.kernel.data.Row> addActions() {
    return addActions;
  }

  int fileCount() {
    return files.size();
  }

  long rowCount() {
    return rows;
  }

  /**
   * Deletes every file this attempt wrote; returns how many it deleted. Failures are logged,
   * not thrown: the caller is already reporting why the attempt ended.
   */
  int deleteAll(Configuration conf) {
    int deleted = 0;
    for (DataFileStatus file : files) {
      Path path = new Path(file.getPath());
      try {
        if (path.getFileSystem(conf).delete(path, false)) {
          deleted++;
        }
      } catch (IOException | RuntimeException e) {
        LOG.log(Level.WARNING, "sink 'delta' could not delete the uncommitted data file " + path
            + "; it is not part of the table and a VACUUM will remove it", e);
      }
    }
    files.clear();
    return deleted;
  }

  private static int[] indexesOf(Schema schema, List<String> columns) {
    int[] out = new int[columns.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = schema.indexOf(columns.get(i));
      if (out[i] < 0) {
        throw new IllegalStateException("the Delta table is partitioned by '" + columns.get(i)
            + "', which is not a column of the query's output (" + String.join(", ", schema.names()) + ")");
      }
    }
    return out;
  }

  private static Map<Row, List<Row>> groupByPartition(List<Row> rows, int[] partitionIndexes) {
    Map<Row, List<Row>> groups = new LinkedHashMap<>();
    if (partitionIndexes.length == 0) {
      groups.put(Row.of(), rows);
      return groups;
    }
    for (Row row : rows) {
      Object[] key = new Object[partitionIndexes.length];
      for (int i = 0; i < key.length; i++) {
        key[i] = row.get(partitionIndexes[i]);
      }
      groups.computeIfAbsent(Row.wrap(key), k -> new ArrayList<>()).add(row);
    }
    return groups;
  }

  /** A Kernel iterator over a list already in memory. */
  static <T> CloseableIterator<T> iterator(List<T> items) {
    Iterator<T> it = items.iterator();
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public T next() {
        return it.next();
      }

      @Override
      public void close() {}
    };
  }

  /** The rows as column batches of at most {@link #ROWS_PER_BATCH}, built one at a time. */
  private static final class Chunks implements CloseableIterator<FilteredColumnarBatch> {
    private final StructType schema;
    private final List<Row> rows;
    private int next;

    Chunks(StructType schema, List<Row> rows) {
      this.schema = schema;
      this.rows = rows;
    }

    @Override
    public boolean hasNext() {
      return next < rows.size();
    }

    @Override
    public FilteredColumnarBatch next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      int to = Math.min(rows.size(), next + ROWS_PER_BATCH);
      SpiColumnarBatch batch = SpiColumnarBatch.of(schema, rows, next, to);
      next = to;
      return new FilteredColumnarBatch(batch, Optional.empty());
    }

    @Override
    public void close() {}
  }
}
