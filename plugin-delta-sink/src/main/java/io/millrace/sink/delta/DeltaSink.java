package io.millrace.sink.delta;

import io.delta.kernel.Operation;
import io.delta.kernel.Snapshot;
import io.delta.kernel.Table;
import io.delta.kernel.Transaction;
import io.delta.kernel.TransactionBuilder;
import io.delta.kernel.TransactionCommitResult;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.exceptions.ConcurrentTransactionException;
import io.delta.kernel.exceptions.ConcurrentWriteException;
import io.delta.kernel.exceptions.KernelException;
import io.delta.kernel.exceptions.TableAlreadyExistsException;
import io.delta.kernel.exceptions.TableNotFoundException;
import io.delta.kernel.hook.PostCommitHook;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.actions.AddFile;
import io.delta.kernel.internal.actions.SingleAction;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes each batch to a Delta table as one Delta commit carrying the transaction identifier
 * {@code (txnAppId, batchId)}.
 *
 * <p>The order inside {@link #addBatch} is what makes it exactly-once: (1) build the transaction
 * with its identifier, which Kernel refuses if the table already holds that id or a later one,
 * so a replay is skipped before a byte is written; (2) write the Parquet files; (3) commit the
 * adds (and, in complete mode, removes of every file the transaction read) in one log entry. A
 * conflict at commit for the same identifier means another writer committed this batch: the
 * files of step 2 are deleted and the batch counts as skipped. Other conflicts (a racing table
 * creation, a metadata change) delete the files and try again from step 1.
 */
final class DeltaSink implements Sink {
  private static final System.Logger LOG = System.getLogger(DeltaSink.class.getName());
  private static final String ENGINE_INFO = "millrace-delta-sink";
  private static final int MAX_ATTEMPTS = 5;

  private final Schema schema;
  private final StructType deltaSchema;
  private final OutputMode outputMode;
  private final DeltaSinkOptions options;
  private final FaultInjector faults;
  private final KernelEngine kernel;
  private final Engine engine;
  private final Table table;

  private final AtomicLong committedBatches = new AtomicLong();
  private final AtomicLong skippedBatches = new AtomicLong();
  private final AtomicLong orphanFilesDeleted = new AtomicLong();
  private final AtomicLong hookFailures = new AtomicLong();
  private final AtomicLong filesAdded = new AtomicLong();
  private final AtomicLong lastTableVersion = new AtomicLong(-1);
  private volatile boolean closed;

  DeltaSink(SinkContext context, DeltaSinkOptions options) {
    this.schema = context.schema();
    this.deltaSchema = DeltaTypes.toDelta(schema);
    this.outputMode = context.outputMode();
    this.options = options;
    this.faults = context.faultInjector();
    this.kernel = KernelEngine.create(options.hadoop());
    this.engine = kernel.engine();
    try {
      this.table = KernelEngine.call(() -> Table.forPath(engine, options.path()));
    } catch (IOException | RuntimeException e) {
      throw new MillraceException("sink 'delta' cannot use the table path '" + options.path() + "': " + e.getMessage(), e);
    }
  }

  @Override
  public DeliveryGuarantee guarantee() {
    return DeliveryGuarantee.EXACTLY_ONCE;
  }

  @Override
  public Set<OutputMode> supportedOutputModes() {
    return EnumSet.of(OutputMode.APPEND, OutputMode.COMPLETE);
  }

  @Override
  public void addBatch(long batchId, Batch batch) throws IOException {
    if (closed) {
      throw new IllegalStateException("sink 'delta' for " + options.path() + " is closed");
    }
    try {
      KernelEngine.call(() -> {
        write(batchId, batch);
        return null;
      });
    } catch (KernelException e) {
      throw new IOException("sink 'delta' could not write batch " + batchId + " to the Delta table at "
          + options.path() + ": " + e.getMessage(), e);
    }
  }

  private void write(long batchId, Batch batch) throws IOException {
    List<Row> rows = null;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      Transaction txn;
      try {
        txn = begin(batchId);
      } catch (ConcurrentTransactionException e) {
        skipped(batchId, e);
        return;
      } catch (TableAlreadyExistsException e) {
        LOG.log(Level.INFO, "another writer created the Delta table at " + options.path() + " first; retrying batch "
            + batchId + " as an append");
        continue;
      }
      if (rows == null) {
        rows = materialize(batch);
      }
      StagedFiles staged = null;
      try {
        List<io.delta.kernel.data.Row> actions = new ArrayList<>();
        if (outputMode == OutputMode.COMPLETE) {
          actions.addAll(removeEverything(txn.getReadTableVersion()));
        }
        staged = StagedFiles.write(engine, txn, schema, rows);
        actions.addAll(staged.addActions());
        faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
        TransactionCommitResult result =
            txn.commit(engine, CloseableIterable.inMemoryIterable(StagedFiles.iterator(actions)));
        committed(batchId, staged, result);
        return;
      } catch (ConcurrentTransactionException e) {
        discard(staged);
        skipped(batchId, e);
        return;
      } catch (ConcurrentWriteException e) {
        discard(staged);
        LOG.log(Level.INFO, "batch " + batchId + " lost a commit race on the Delta table at " + options.path()
            + " (attempt " + attempt + " of " + MAX_ATTEMPTS + "): " + e.getMessage() + "; retrying");
      } catch (IOException | RuntimeException e) {
        discard(staged);
        throw e;
      }
    }
    throw new IOException("sink 'delta' gave up on batch " + batchId + " after " + MAX_ATTEMPTS
        + " commit conflicts on the Delta table at " + options.path() + "; other writers keep changing its metadata");
  }

  /** A transaction for batch {@code batchId}: on the existing table, or creating it from the query's schema. */
  private Transaction begin(long batchId) {
    Transaction txn;
    try {
      txn = builder(Operation.STREAMING_UPDATE, batchId).build(engine);
    } catch (TableNotFoundException e) {
      LOG.log(Level.INFO, "creating the Delta table at " + options.path() + " with schema " + schema.toDdl()
          + (options.partitionBy().isEmpty() ? "" : ", partitioned by " + options.partitionBy()));
      return builder(Operation.CREATE_TABLE, batchId)
          .withSchema(engine, deltaSchema)
          .withPartitionColumns(engine, options.partitionBy())
          .build(engine);
    }
    checkTableMatches(txn);
    return txn;
  }

  private TransactionBuilder builder(Operation operation, long batchId) {
    return table.createTransactionBuilder(engine, ENGINE_INFO, operation)
        .withTransactionId(engine, options.txnAppId(), batchId);
  }

  /** An existing table must have the query's columns, and the partitioning asked for if any. */
  private void checkTableMatches(Transaction txn) {
    StructType tableSchema = txn.getSchema(engine);
    if (!DeltaTypes.sameShape(tableSchema, deltaSchema)) {
      throw new MillraceException("the Delta table at " + options.path() + " has the schema " + tableSchema.toString()
          + ", but the query writes " + schema.toDdl() + "; write to a new path or make the query's output match");
    }
    List<String> tablePartitions = txn.getPartitionColumns(engine);
    if (!options.partitionBy().isEmpty() && !options.partitionBy().equals(tablePartitions)) {
      throw new MillraceException("the Delta table at " + options.path() + " is partitioned by " + tablePartitions
          + ", but option 'partitionBy' of sink 'delta' asks for " + options.partitionBy());
    }
  }

  /**
   * Remove actions for every file of table version {@code readVersion}, the version the
   * transaction read, so that a complete-mode commit replaces exactly what it saw.
   *
   * <p>Kernel 4.0.0 has no public API for remove actions; this is what its own REPLACE TABLE
   * path does ({@code TransactionImpl.getRemoveActionsForReplace}) with the same internal
   * classes, so a Kernel upgrade must recheck it (the complete-mode tests do).
   */
  private List<io.delta.kernel.data.Row> removeEverything(long readVersion) throws IOException {
    List<io.delta.kernel.data.Row> removes = new ArrayList<>();
    if (readVersion < 0) {
      return removes; // the transaction creates the table
    }
    Snapshot snapshot = table.getSnapshotAsOfVersion(engine, readVersion);
    try (CloseableIterator<FilteredColumnarBatch> scanFiles = snapshot.getScanBuilder().build().getScanFiles(engine)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<io.delta.kernel.data.Row> files = scanFiles.next().getRows()) {
          while (files.hasNext()) {
            AddFile add = new AddFile(files.next().getStruct(InternalScanFileUtils.ADD_FILE_ORDINAL));
            removes.add(SingleAction.createRemoveFileSingleAction(add.toRemoveFileRow(true, Optional.empty())));
          }
        }
      }
    }
    return removes;
  }

  private void committed(long batchId, StagedFiles staged, TransactionCommitResult result) {
    committedBatches.incrementAndGet();
    filesAdded.addAndGet(staged.fileCount());
    lastTableVersion.set(result.getVersion());
    LOG.log(Level.DEBUG, () -> "batch " + batchId + " committed as version " + result.getVersion() + " of the Delta table"
        + " at " + options.path() + ": " + staged.rowCount() + " rows in " + staged.fileCount() + " files");
    for (PostCommitHook hook : result.getPostCommitHooks()) {
      try {
        hook.threadSafeInvoke(engine);
      } catch (IOException | RuntimeException e) {
        // The commit is durable; a missing checksum or checkpoint only slows readers down, and
        // the next checkpoint hook covers this version too.
        hookFailures.incrementAndGet();
        LOG.log(Level.WARNING, "post-commit hook " + hook.getType() + " failed after version " + result.getVersion()
            + " of the Delta table at " + options.path() + "; the commit stands", e);
      }
    }
  }

  private void skipped(long batchId, ConcurrentTransactionException e) {
    skippedBatches.incrementAndGet();
    LOG.log(Level.INFO, "batch " + batchId + " is already in the Delta table at " + options.path() + " for txnAppId '"
        + options.txnAppId() + "'; skipped without writing (" + e.getMessage() + ")");
  }

  private void discard(StagedFiles staged) {
    if (staged != null) {
      orphanFilesDeleted.addAndGet(staged.deleteAll(kernel.conf()));
    }
  }

  private static List<Row> materialize(Batch batch) {
    List<Row> rows = new ArrayList<>((int) Math.min(Integer.MAX_VALUE, Math.max(0, batch.numRows())));
    for (Row row : batch) {
      rows.add(row);
    }
    return rows;
  }

  /**
   * {@code numSkippedBatches} (replays found already committed), {@code numCommittedBatches},
   * {@code numOutputFiles}, {@code numOrphanFilesDeleted} (files of attempts that lost a race),
   * {@code numPostCommitHookFailures} and {@code tableVersion} (the last version this instance committed).
   */
  @Override
  public Map<String, String> metrics() {
    Map<String, String> out = new LinkedHashMap<>();
    out.put("numSkippedBatches", Long.toString(skippedBatches.get()));
    out.put("numCommittedBatches", Long.toString(committedBatches.get()));
    out.put("numOutputFiles", Long.toString(filesAdded.get()));
    out.put("numOrphanFilesDeleted", Long.toString(orphanFilesDeleted.get()));
    out.put("numPostCommitHookFailures", Long.toString(hookFailures.get()));
    out.put("tableVersion", Long.toString(lastTableVersion.get()));
    return out;
  }

  /** Kernel's engine holds no open resources between calls; close only refuses later batches. */
  @Override
  public void close() {
    closed = true;
  }
}
