package io.millrace.sink.delta;

import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.DeltaLogActionUtils.DeltaAction;
import io.delta.kernel.internal.TableImpl;
import io.delta.kernel.internal.actions.AddFile;
import io.delta.kernel.internal.actions.Metadata;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.millrace.spi.MillraceException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The data files that the commits {@code from+1 .. to} of a Delta table add, judged commit by
 * commit as Spark's Delta source judges them: only {@code add} actions with {@code dataChange}
 * count (an OPTIMIZE rewrite adds and removes with {@code dataChange=false} and is passed over);
 * a commit that removes data ({@code remove} with {@code dataChange}) fails the read unless
 * {@code skipChangeCommits} (skip the whole commit), {@code ignoreChanges} (read its added files,
 * rewritten rows again) or, for a commit that only removes, {@code ignoreDeletes}; a commit
 * that changes the schema fails the read.
 *
 * <p>Kernel 4.0.0 reads a range of commits with {@code TableImpl.getChanges}, internal API:
 * batches of actions in version order, every row of a batch from one commit, a commit possibly
 * spread over several batches.
 */
final class TableChanges {
  /** What a range of commits adds, and which of its commits were skipped or ignored by the options. */
  record Result(List<DeltaFilePartition> files, List<Long> skippedCommits, List<Long> ignoredDeleteCommits) {}

  private final Engine engine;
  private final String table;
  private final DeltaSourceOptions options;
  private final StructType schema;

  /** Changes of {@code table}, whose rows the source reads as {@code schema} (the table's at source creation). */
  TableChanges(Engine engine, String table, DeltaSourceOptions options, StructType schema) {
    this.engine = engine;
    this.table = table;
    this.options = options;
    this.schema = schema;
  }

  /** The files added by commits {@code from+1 .. to} ({@code from < to}), each to be read at version {@code to}. */
  Result read(long from, long to) throws IOException {
    Result result = new Result(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    TableImpl delta = (TableImpl) TableImpl.forPath(engine, table);
    Commit commit = null;
    try (CloseableIterator<ColumnarBatch> batches =
        delta.getChanges(engine, from + 1, to, Set.of(DeltaAction.ADD, DeltaAction.REMOVE, DeltaAction.METADATA))) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        if (batch.getSize() == 0) {
          continue;
        }
        long version = batch.getColumnVector(0).getLong(0);
        if (commit == null || commit.version != version) {
          if (commit != null) {
            commit.finish(to, result);
          }
          commit = new Commit(version);
        }
        commit.take(batch);
      }
    } catch (RuntimeException e) {
      if (e instanceof MillraceException) {
        throw e;
      }
      throw new IOException("source 'delta' cannot read commits " + (from + 1) + " to " + to + " of the Delta table at "
          + table + ": " + e.getMessage(), e);
    }
    if (commit != null) {
      commit.finish(to, result);
    }
    return result;
  }

  /** One commit's actions, gathered over the batches it spans. */
  private final class Commit {
    final long version;
    final List<AddFile> adds = new ArrayList<>();
    String removedPath;

    Commit(long version) {
      this.version = version;
    }

    void take(ColumnarBatch batch) {
      StructType columns = batch.getSchema();
      ColumnVector add = batch.getColumnVector(columns.indexOf("add"));
      ColumnVector remove = batch.getColumnVector(columns.indexOf("remove"));
      ColumnVector metadata = batch.getColumnVector(columns.indexOf("metaData"));
      List<io.delta.kernel.data.Row> rows = new ArrayList<>();
      try (CloseableIterator<io.delta.kernel.data.Row> it = batch.getRows()) {
        it.forEachRemaining(rows::add);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      int addOrdinal = columns.indexOf("add");
      for (int r = 0; r < batch.getSize(); r++) {
        if (!add.isNullAt(r)) {
          AddFile file = new AddFile(rows.get(r).getStruct(addOrdinal));
          if (file.getDataChange()) {
            adds.add(file);
          }
        }
        if (!remove.isNullAt(r) && removedPath == null && dataChange(remove, r)) {
          removedPath = remove.getChild(((StructType) remove.getDataType()).indexOf("path")).getString(r);
        }
        if (!metadata.isNullAt(r)) {
          checkSchema(Metadata.fromColumnVector(metadata, r));
        }
      }
    }

    private boolean dataChange(ColumnVector remove, int r) {
      StructType type = (StructType) remove.getDataType();
      ColumnVector flag = remove.getChild(type.indexOf("dataChange"));
      return flag.isNullAt(r) || flag.getBoolean(r);
    }

    private void checkSchema(Metadata metadata) {
      if (!DeltaTypes.sameShape(metadata.getSchema(), schema)) {
        throw new MillraceException("source 'delta': the Delta table at " + table + " changed its schema at version "
            + version + " (to " + metadata.getSchema() + "; the source reads " + schema + "); a streaming read stops"
            + " at a schema change, as Spark's Delta source does: restart the query to read the new schema");
      }
    }

    void finish(long readVersion, Result result) {
      if (removedPath != null) {
        if (options.skipChangeCommits()) {
          result.skippedCommits().add(version);
          return;
        }
        if (!adds.isEmpty() && !options.ignoreChanges()) {
          throw changed("updates or rewrites data (it removes data file " + removedPath + " and adds others)");
        }
        if (adds.isEmpty() && !options.ignoreDeletes() && !options.ignoreChanges()) {
          throw changed("deletes data (it removes data file " + removedPath + ")");
        }
        if (adds.isEmpty()) {
          result.ignoredDeleteCommits().add(version);
        }
      }
      adds.forEach(a -> result.files().add(DeltaFilePartition.of(readVersion, a)));
    }

    private MillraceException changed(String what) {
      return new MillraceException("source 'delta': commit " + version + " of the Delta table at " + table + " " + what
          + "; a streaming read of a Delta table takes appended data only. As in Spark, set option"
          + " skipChangeCommits=true to skip commits that remove data (their added rows too), ignoreDeletes=true to"
          + " skip commits that only delete, or ignoreChanges=true to read the files such a commit adds (rows it"
          + " rewrote come again)");
    }
  }
}
