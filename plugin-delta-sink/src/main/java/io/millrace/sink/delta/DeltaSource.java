package io.millrace.sink.delta;

import io.delta.kernel.Scan;
import io.delta.kernel.Snapshot;
import io.delta.kernel.Table;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.exceptions.TableNotFoundException;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.actions.AddFile;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads a Delta table as a stream, as Spark's Delta source does for append-only tables. Offsets
 * are table versions. A new query (no {@code startingVersion}) first reads the snapshot of the
 * latest version, all its live data files; after that, each batch reads the files that later
 * commits add. With {@code startingVersion=N} it reads the files added by commits N, N+1, … and
 * no snapshot. A range {@code (a, b]} is thus the snapshot at {@code b} when {@code a} is the
 * initial offset of a query without {@code startingVersion}, and the files added by commits
 * {@code a+1 .. b} otherwise; see {@link TableChanges} for commits that remove data.
 *
 * <p>The offset moves only when the range holds data files: commits that add none (metadata,
 * skipped change commits) are read again at the next poll until a data commit follows.
 */
final class DeltaSource implements Source {
  private static final System.Logger LOG = System.getLogger(DeltaSource.class.getName());
  private static final int SCAN_STATES_KEPT = 4;

  private final DeltaSourceOptions options;
  private final KernelEngine kernel;
  private final String table;
  /** The table's Delta schema when the source was created: every range is read as it. */
  private final StructType tableSchema;
  private StructType readSchema;
  private Schema schema;
  /** The last version this run may read: versionAsOf, or the latest at prepareForAvailableNow. */
  private OptionalLong lastVersion;
  private final Map<Long, ScanState> scanStates = new LinkedHashMap<>(8, 0.75f, true);
  private final TableChanges changes;
  private TableChanges.Result lastChanges;
  private long lastChangesFrom = -2;
  private long lastChangesTo = -2;
  private long countedUpTo = -1;
  private long tableVersion = -1;
  private long skippedCommits;
  private long ignoredDeleteCommits;

  DeltaSource(DeltaSourceOptions options) {
    this.options = options;
    this.table = options.path();
    this.kernel = KernelEngine.create(options.hadoop());
    Snapshot snapshot = firstSnapshot();
    this.tableSchema = snapshot.getSchema();
    this.readSchema = tableSchema;
    this.schema = DeltaTypes.toSpi(tableSchema, table);
    this.lastVersion = options.versionAsOf();
    this.tableVersion = snapshot.getVersion();
    this.changes = new TableChanges(kernel.engine(), table, options, tableSchema);
    if (options.startingVersion().isPresent() && options.startingVersion().getAsLong() > snapshot.getVersion()) {
      throw new InvalidOptionException(DeltaSourceOptions.STARTING_VERSION, "option 'startingVersion' of source"
          + " 'delta' is " + options.startingVersion().getAsLong() + ", but the latest version of the Delta table at "
          + table + " is " + snapshot.getVersion());
    }
  }

  /** The snapshot the schema comes from: versionAsOf's, else the latest; a clear error if there is no table. */
  private Snapshot firstSnapshot() {
    try {
      return KernelEngine.call(() -> {
        Table delta = Table.forPath(kernel.engine(), table);
        return options.versionAsOf().isPresent()
            ? delta.getSnapshotAsOfVersion(kernel.engine(), options.versionAsOf().getAsLong())
            : delta.getLatestSnapshot(kernel.engine());
      });
    } catch (TableNotFoundException e) {
      throw new InvalidOptionException(DeltaSourceOptions.PATH, "option 'path' of source 'delta' is " + table
          + ", which is not a Delta table (it has no _delta_log with a commit): " + e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      if (options.versionAsOf().isPresent()) {
        throw new InvalidOptionException(DeltaSourceOptions.VERSION_AS_OF, "option 'versionAsOf' of source 'delta' is "
            + options.versionAsOf().getAsLong() + ", a version the Delta table at " + table + " cannot be read at: "
            + e.getMessage(), e);
      }
      throw new InvalidOptionException(DeltaSourceOptions.PATH, "source 'delta' cannot read the Delta table at " + table
          + ": " + e, e);
    }
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public Set<SourceCapability> capabilities() {
    return EnumSet.of(SourceCapability.REPLAYABLE, SourceCapability.AVAILABLE_NOW, SourceCapability.COLUMN_PRUNING);
  }

  /** Kernel reads only the asked-for columns of each Parquet file (partition columns come from the log). */
  @Override
  public void pruneColumns(Schema columns) {
    if (columns.size() == 0) {
      throw new IllegalArgumentException("source 'delta' reads at least one column");
    }
    List<StructField> fields = new ArrayList<>();
    for (Field column : columns) {
      if (!schema.fields().contains(column)) {
        throw new IllegalArgumentException("source 'delta' cannot read column " + column + ": the Delta table at "
            + table + " has " + schema.toDdl());
      }
      fields.add(tableSchema.get(column.name()));
    }
    readSchema = new StructType(fields);
    schema = columns;
    synchronized (scanStates) {
      scanStates.clear();
    }
  }

  @Override
  public Offset initialOffset() {
    return new DeltaOffset(options.startingVersion().orElse(0) - 1);
  }

  @Override
  public Offset deserializeOffset(String json) {
    return DeltaOffset.parse(json, table);
  }

  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
    DeltaOffset from = offset(start);
    long end = endVersion();
    if (end <= from.version()) {
      return from;
    }
    boolean hasData = readsSnapshot(from) ? !snapshotFiles(end, true).isEmpty() : !changes(from.version(), end).files().isEmpty();
    return hasData ? new DeltaOffset(end) : from;
  }

  @Override
  public void prepareForAvailableNow() throws IOException {
    if (lastVersion.isEmpty()) {
      lastVersion = OptionalLong.of(latestVersion());
      LOG.log(Level.INFO, "source 'delta' reads the Delta table at " + table + " up to version "
          + lastVersion.getAsLong() + " (available now)");
    }
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException {
    DeltaOffset from = offset(start);
    DeltaOffset to = offset(end);
    if (to.version() <= from.version()) {
      return List.of();
    }
    if (readsSnapshot(from)) {
      return new ArrayList<>(snapshotFiles(to.version(), false));
    }
    return new ArrayList<>(changes(from.version(), to.version()).files());
  }

  @Override
  public PartitionReader createReader(InputPartition partition) throws IOException {
    if (!(partition instanceof DeltaFilePartition)) {
      throw new IllegalArgumentException("source 'delta' cannot read " + partition.describe() + " ("
          + partition.getClass().getName() + "), which it did not plan");
    }
    DeltaFilePartition file = (DeltaFilePartition) partition;
    return new DeltaFileReader(kernel.engine(), scanState(file.readVersion()), file, schema, table);
  }

  @Override
  public Map<String, String> metrics() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("tableVersion", String.valueOf(tableVersion));
    m.put("numSkippedChangeCommits", String.valueOf(skippedCommits));
    m.put("numIgnoredDeleteCommits", String.valueOf(ignoredDeleteCommits));
    return m;
  }

  /** Whether a range from {@code start} reads a snapshot: the initial offset of a query without startingVersion. */
  private boolean readsSnapshot(DeltaOffset start) {
    return start.version() < 0 && options.startingVersion().isEmpty();
  }

  private DeltaOffset offset(Offset offset) {
    return offset instanceof DeltaOffset ? (DeltaOffset) offset : DeltaOffset.parse(offset.json(), table);
  }

  private long endVersion() throws IOException {
    return lastVersion.isPresent() ? lastVersion.getAsLong() : latestVersion();
  }

  private long latestVersion() throws IOException {
    long latest = KernelEngine.call(() -> Table.forPath(kernel.engine(), table).getLatestSnapshot(kernel.engine())
        .getVersion());
    tableVersion = latest;
    return latest;
  }

  /** The live files of version {@code version}; only whether there is one if {@code firstOnly}. */
  private List<DeltaFilePartition> snapshotFiles(long version, boolean firstOnly) throws IOException {
    return KernelEngine.call(() -> {
      Snapshot snapshot = Table.forPath(kernel.engine(), table).getSnapshotAsOfVersion(kernel.engine(), version);
      if (!DeltaTypes.sameShape(snapshot.getSchema(), tableSchema)) {
        throw new MillraceException("source 'delta': the Delta table at " + table + " has another schema at version "
            + version + " (" + snapshot.getSchema() + ") than when the query started (" + tableSchema + "); restart"
            + " the query to read the new schema");
      }
      List<DeltaFilePartition> files = new ArrayList<>();
      Scan scan = snapshot.getScanBuilder().build();
      try (CloseableIterator<FilteredColumnarBatch> batches = scan.getScanFiles(kernel.engine())) {
        while (batches.hasNext()) {
          try (CloseableIterator<io.delta.kernel.data.Row> rows = batches.next().getRows()) {
            while (rows.hasNext()) {
              io.delta.kernel.data.Row scanFile = rows.next();
              AddFile add = new AddFile(scanFile.getStruct(InternalScanFileUtils.ADD_FILE_ORDINAL));
              files.add(DeltaFilePartition.of(version, add));
              if (firstOnly) {
                return files;
              }
            }
          }
        }
      }
      return files;
    });
  }

  /** The files commits {@code from+1 .. to} add; the last answer is kept, as a batch plans the range latestOffset found. */
  private TableChanges.Result changes(long from, long to) throws IOException {
    if (from != lastChangesFrom || to != lastChangesTo) {
      lastChanges = KernelEngine.call(() -> changes.read(from, to));
      lastChangesFrom = from;
      lastChangesTo = to;
      // Here, not only when a batch plans them: skipped commits with no data after them never get a batch.
      count(lastChanges, to);
    }
    return lastChanges;
  }

  /** Logs and counts, once each, the commits the options had the source skip or pass over. */
  private void count(TableChanges.Result result, long to) {
    for (long version : result.skippedCommits()) {
      if (version > countedUpTo) {
        skippedCommits++;
        LOG.log(Level.WARNING, "source 'delta' skipped commit " + version + " of the Delta table at " + table
            + ": it removes data, and skipChangeCommits is true");
      }
    }
    for (long version : result.ignoredDeleteCommits()) {
      if (version > countedUpTo) {
        ignoredDeleteCommits++;
        LOG.log(Level.WARNING, "source 'delta' passed over commit " + version + " of the Delta table at " + table
            + ": it deletes data, and ignoreDeletes (or ignoreChanges) is true");
      }
    }
    countedUpTo = Math.max(countedUpTo, to);
  }

  /** Kernel's scan state of {@code version}, read as the source's columns, kept for the last few versions. */
  private ScanState scanState(long version) throws IOException {
    synchronized (scanStates) {
      ScanState state = scanStates.get(version);
      if (state == null) {
        StructType columns = readSchema;
        state = KernelEngine.call(() -> ScanState.of(kernel.engine(),
            Table.forPath(kernel.engine(), table).getSnapshotAsOfVersion(kernel.engine(), version), columns));
        scanStates.put(version, state);
        if (scanStates.size() > SCAN_STATES_KEPT) {
          scanStates.remove(scanStates.keySet().iterator().next());
        }
      }
      return state;
    }
  }
}
