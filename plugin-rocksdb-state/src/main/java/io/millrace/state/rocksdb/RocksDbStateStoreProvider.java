package io.millrace.state.rocksdb;

import io.millrace.spi.MillraceException;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.HistogramData;
import org.rocksdb.RocksDBException;
import org.rocksdb.HistogramType;
import org.rocksdb.TickerType;

/**
 * The RocksDB state store (name {@code rocksdb}), in the style of Spark's
 * {@code RocksDBStateStoreProvider} with changelog checkpointing always on.
 *
 * <p><b>Local state.</b> The provider keeps one current local RocksDB ({@link LocalDb}) in its
 * own directory under {@code localDir}. {@code getStore(v)} and {@code getReadStore(v)} use it
 * when it holds {@code v} (readers pin {@code v} with a RocksDB snapshot) or an earlier version
 * that the changelogs roll forward to {@code v}; otherwise a new instance is built from the
 * checkpoint alone (newest snapshot at or below {@code v}, then changelogs) and becomes current,
 * the old one closing when its last reader lets go.
 *
 * <p><b>Commit.</b> A store writes straight into the local DB, which it has to itself meanwhile
 * (readers of its version share a snapshot taken before its first write), and streams each
 * write to {@code <v+1>.changelog} through the storage. {@code commit()} ends the changelog,
 * reports {@link FaultPoint#INSIDE_STATE_COMMIT} and publishes it with atomic create-if-absent
 * (the commit point); the DB's head becomes {@code v+1}. A crash leaves the version whole or
 * absent; an abort retires the DB that holds its writes, and the next store loads anew.
 *
 * <p><b>A retried commit</b> of a version whose changelog exists keeps the published one, as
 * the {@code hdfs} provider does: the local DB rolls forward from it, and if its changes differ
 * from the retry's it is logged and counted in {@code rocksdbReplayedCommitsWithDifferentContent}.
 *
 * <p><b>Maintenance</b> uploads a snapshot of the local head once it is
 * {@code minDeltasForSnapshot} changelogs past the last snapshot (SST files are shared by
 * content across snapshots), reporting {@link FaultPoint#DURING_MAINTENANCE} after each SST
 * uploaded and before its manifest, and then deletes what the newest {@code minBatchesToRetain}
 * versions do not need.
 */
public final class RocksDbStateStoreProvider implements StateStoreProvider {
  private static final System.Logger LOG = System.getLogger(RocksDbStateStoreProvider.class.getName());
  private static final AtomicLong PROVIDERS = new AtomicLong();
  private static final AtomicLong CHANGELOGS = new AtomicLong();

  private StateStoreId id;
  private RocksDbStateOptions options;
  private Storage storage;
  private CheckpointLayout layout;
  private FaultInjector faults;
  private SharedMemory memory;
  private final ProviderMetrics metrics = new ProviderMetrics();
  private VersionLoader loader;
  private SnapshotWriter snapshots;
  private Retention retention;
  private Path workDir;
  private final Object maintenanceLock = new Object();
  private final List<LocalDb> opened = new ArrayList<>();
  private LocalDb current;
  /** Maintenance found a write under way when a snapshot was due: the commit that ends it takes the local checkpoint. */
  private boolean snapshotDue;
  /** A local checkpoint a commit took for maintenance to upload. */
  private SnapshotWriter.Prepared prepared;
  private boolean closed;

  @Override
  public void init(StateStoreId id, Schema keySchema, Schema valueSchema, PluginContext context) {
    this.id = Objects.requireNonNull(id, "id");
    this.options = RocksDbStateOptions.from(context.options());
    try {
      this.storage = context.storage(id.storePath());
    } catch (IOException e) {
      throw new UncheckedIOException("no storage for " + id.storePath(), e);
    }
    this.layout = new CheckpointLayout(id.storePath());
    this.faults = context.faultInjector();
    this.memory = SharedMemory.get(options.maxMemoryMB(), options.localDir());
    this.workDir = LocalDirs.processDir(options.localDir()).resolve(storeKey(id) + "-" + PROVIDERS.incrementAndGet());
    this.loader = new VersionLoader(id, storage, layout, memory, metrics, workDir);
    this.snapshots = new SnapshotWriter(storage, layout, faults, metrics, workDir);
    this.retention = new Retention(storage, layout, options.minBatchesToRetain(), metrics);
    // A process killed mid-write leaves the temporary file of that write; the engine runs one
    // task per store, so none of ours can be in flight while the provider starts.
    for (java.net.URI dir : List.of(layout.dir(), layout.sstDir())) {
      try {
        int removed = storage.deleteAbandonedWrites(dir);
        if (removed > 0) {
          LOG.log(System.Logger.Level.INFO, "removed {0} temporary file(s) of interrupted writes under {1}", removed, dir);
        }
      } catch (IOException e) {
        LOG.log(System.Logger.Level.WARNING, "could not delete temporary files of interrupted writes under {0}: {1}",
            dir, e.toString());
      }
    }
  }

  /** A directory name that tells stores apart: operator, partition, store name and the checkpoint. */
  private static String storeKey(StateStoreId id) {
    String name = id.storeName().replaceAll("[^A-Za-z0-9_-]", "_");
    return "op" + id.operatorId() + "-part" + id.partitionId() + "-" + name + "-"
        + Integer.toHexString(id.checkpointRoot().toString().hashCode());
  }

  StateStoreId id() {
    return id;
  }

  /** The settings this provider runs with. */
  public RocksDbStateOptions options() {
    return options;
  }

  @Override
  public StateStore getStore(long version) {
    return new RocksDbStateStore(this, acquire(version, true));
  }

  @Override
  public ReadStateStore getReadStore(long version) {
    return new RocksDbReadStore(this, acquire(version, false));
  }

  /**
   * A view of {@code version} from the current local DB, rolled forward if needed, or from a new
   * one built from the checkpoint. For a writer it is the base of the one write the DB takes at a
   * time; a reader of the head while a write is under way shares that write's base, and a reader
   * of another version then gets an instance of its own, closed when it lets go.
   */
  private synchronized View acquire(long version, boolean forWrite) {
    if (closed) {
      throw new IllegalStateException("the state store provider of " + id.storePath() + " is closed");
    }
    try {
      if (version < 0) {
        throw loader.notFound(version, List.of());
      }
      boolean reuse = options.reuseLocalState() && current != null;
      if (reuse && !current.writing() && current.head() <= version) {
        while (current.head() < version && loader.rollForward(current, current.head() + 1)) {
          // each changelog is applied whole; a missing one ends the walk and the full load reports it
        }
        if (current.head() == version) {
          return forWrite ? current.beginWrite() : current.readView();
        }
      }
      if (reuse && !forWrite && current.writing() && current.head() == version) {
        return current.readView();
      }
      LocalDb loaded = loader.load(version);
      opened.removeIf(LocalDb::isClosed);
      opened.add(loaded);
      if (!forWrite && current != null && current.writing()) {
        View view = loaded.view();
        loaded.retire();
        return view;
      }
      if (current != null) {
        current.retire();
      }
      current = loaded;
      return forWrite ? current.beginWrite() : current.view();
    } catch (IOException e) {
      throw new MillraceException("cannot load state version " + version + " of " + id.storePath() + ": " + e, e);
    }
  }

  /** The changelog a store writing {@code version} streams its writes to. */
  PendingChangelog pendingChangelog(long version) {
    return new PendingChangelog(storage, layout.changelog(version), version,
        workDir.resolve("changelog-" + version + "-" + CHANGELOGS.incrementAndGet()));
  }

  /**
   * Publishes {@code base.version + 1}, whose writes are in {@code base.db} and {@code changes}
   * already, with {@code numKeysAfter} keys; returns it.
   */
  long commit(View base, PendingChangelog changes, long numKeysAfter) {
    long next = base.version + 1;
    try {
      long started = System.nanoTime();
      base.db.applyWrites();
      ChangelogFormat.Written written = changes.finish(numKeysAfter);
      faults.reached(FaultPoint.INSIDE_STATE_COMMIT, next);
      long uploading = System.nanoTime();
      metrics.commitWriteChangelogMs.addAndGet((uploading - started) / 1_000_000);
      boolean published = changes.publish();
      metrics.commitUploadMs.addAndGet((System.nanoTime() - uploading) / 1_000_000);
      if (published) {
        metrics.changelogBytesUploaded.addAndGet(written.bytes());
        synchronized (this) { // acquire() reads the head under this lock: it must not move in between
          if (base.db.endWrite(next, numKeysAfter)) {
            metrics.deletionFlushes.incrementAndGet();
          }
        }
        prepareDueSnapshot(base.db);
      } else {
        compareWithPublished(next, written.summary());
        // The DB holds this attempt's writes, the checkpoint the earlier one's: it goes, and the
        // next store loads the published version.
        synchronized (this) {
          base.db.abandonWrite(base);
          retire(base.db);
        }
      }
      metrics.commits.incrementAndGet();
      long interval = options.commitSnapshotInterval();
      if (interval > 0 && next % interval == 0) {
        snapshot(next, FaultPoint.INSIDE_STATE_COMMIT);
      }
    } catch (RocksDBException e) {
      throw new MillraceException("cannot commit state version " + next + " of " + id.storePath()
          + " to the local RocksDB in " + base.db.dir + ": " + e, e);
    } catch (IOException e) {
      throw new MillraceException("cannot commit state version " + next + " of " + id.storePath() + ": " + e, e);
    }
    return next;
  }

  /**
   * Takes the local checkpoint maintenance could not take while the write went on, now that
   * {@code db} holds exactly the version just committed; maintenance uploads it, off the batch
   * path. The flush and hard links cost the batch a little, once per maintenance interval.
   */
  private void prepareDueSnapshot(LocalDb db) throws IOException {
    synchronized (this) {
      if (!snapshotDue || db != current) {
        return;
      }
      snapshotDue = false;
    }
    SnapshotWriter.Prepared ready = snapshots.prepare(db);
    SnapshotWriter.Prepared stale = null;
    synchronized (this) {
      if (ready != null) {
        stale = prepared;
        prepared = ready;
      }
    }
    if (stale != null) {
      stale.discard();
    }
  }

  /**
   * A store gave up writing on top of {@code base}: its changelog goes, and so does the DB if
   * the write left changes in it.
   */
  synchronized void abandon(View base, PendingChangelog changes) {
    changes.abort();
    if (base.db.abandonWrite(base) && changes.hasRecords()) {
      retire(base.db);
    }
  }

  private synchronized void retire(LocalDb db) {
    if (current == db) {
      current = null;
    }
    db.retire();
  }

  /**
   * A retried commit found {@code <next>.changelog} published: the published one stays; say so
   * if it differs. Compared by trailer and checksum, which cover every record; a published file
   * of the sorted format 1 (written by an earlier release) is compared by its key count alone.
   */
  private void compareWithPublished(long next, ChangelogFormat.Summary ours) throws IOException {
    ChangelogFormat.Summary theirs;
    try (InputStream in = storage.open(layout.changelog(next))) {
      theirs = ChangelogFormat.read(in, layout.changelog(next).toString(), next, (key, value) -> { });
    }
    boolean same = theirs.format() == ChangelogFormat.FORMAT
        ? theirs.equals(ours)
        : theirs.numKeysAfter() == ours.numKeysAfter();
    if (!same) {
      metrics.replayedCommitsWithDifferentContent.incrementAndGet();
      LOG.log(System.Logger.Level.WARNING, "state version {0} of {1} was already committed with other changes; keeping the"
          + " version already published. The query is not deterministic on replay.", next, id.storePath());
    }
  }

  /** Uploads a snapshot of the current local DB if it holds {@code version}. */
  private void snapshot(long version, FaultPoint point) throws IOException {
    synchronized (maintenanceLock) {
      LocalDb db;
      synchronized (this) {
        db = current;
      }
      if (db != null && db.head() == version) {
        snapshots.write(db, point);
      }
    }
  }

  /**
   * Uploads the local checkpoint a commit took, if any; a snapshot of the local head when it is
   * {@code minDeltasForSnapshot} changelogs past the newest snapshot (or, while a write is under
   * way, asks the commit that ends it for the checkpoint); then deletes what no retained version
   * needs.
   */
  @Override
  public void doMaintenance() throws IOException {
    synchronized (maintenanceLock) {
      LocalDb db;
      SnapshotWriter.Prepared ready;
      synchronized (this) {
        if (closed) {
          return;
        }
        db = current;
        ready = prepared;
        prepared = null;
      }
      if (ready != null) {
        snapshots.upload(ready, FaultPoint.DURING_MAINTENANCE);
      }
      int minDeltas = options.minDeltasForSnapshot();
      if (minDeltas > 0 && db != null && db.head() > 0) {
        StoreListing listing = StoreListing.of(storage, layout);
        long last = listing.snapshots().isEmpty() ? 0 : listing.snapshots().last();
        if (db.head() - last >= minDeltas && snapshots.write(db, FaultPoint.DURING_MAINTENANCE) < 0 && db.writing()) {
          // The write under way must not be in the snapshot, and a batch may take long: rather
          // than wait for it, the commit that ends it takes the checkpoint for the next pass.
          synchronized (this) {
            snapshotDue = true;
          }
          metrics.snapshotsDeferred.incrementAndGet();
        }
      }
      retention.run();
    }
  }

  /**
   * Metrics of a store over {@code db} with {@code numKeys} keys, having written {@code
   * pendingBytes} of uncommitted changes (into the DB and the changelog, none on the heap).
   * {@code memoryUsedBytes} is RocksDB's own measure of what this store holds: its memtables
   * (the uncommitted writes among them) and table readers, and its share of the process-wide
   * block cache (see {@link SharedMemory#blockCacheShare}).
   */
  StateStoreMetrics metrics(LocalDb db, long numKeys, long pendingBytes) {
    Map<String, Long> custom = new LinkedHashMap<>(metrics.snapshot());
    synchronized (db) {
      if (!db.isClosed()) {
        var stats = db.statistics();
        HistogramData gets = stats.getHistogramData(HistogramType.DB_GET);
        HistogramData writes = stats.getHistogramData(HistogramType.DB_WRITE);
        // RocksDB's histograms are in microseconds; most gets take less than one.
        custom.put("rocksdbGetLatencyAvgNanos", Math.round(gets.getAverage() * 1000));
        custom.put("rocksdbGetLatencyP99Nanos", Math.round(gets.getPercentile99() * 1000));
        custom.put("rocksdbGetCount", gets.getCount());
        // A store writes its changes into the DB as it makes them, up to 4,096 a write.
        custom.put("rocksdbWriteLatencyAvgMicros", Math.round(writes.getAverage()));
        custom.put("rocksdbWriteCount", writes.getCount());
        // A range read seeks, unless it goes on where the last one stopped (ForwardCursor).
        custom.put("rocksdbSeekCount", stats.getTickerCount(TickerType.NUMBER_DB_SEEK));
        custom.put("rocksdbBlockCacheHit", stats.getTickerCount(TickerType.BLOCK_CACHE_HIT));
        custom.put("rocksdbBlockCacheMiss", stats.getTickerCount(TickerType.BLOCK_CACHE_MISS));
      }
    }
    long memtables = db.property("rocksdb.cur-size-all-mem-tables");
    long tableReaders = db.property("rocksdb.estimate-table-readers-mem");
    long cacheShare = memory.blockCacheShare(db);
    custom.put("rocksdbMemTableBytes", memtables);
    custom.put("rocksdbTableReaderBytes", tableReaders);
    custom.put("rocksdbBlockCacheShareBytes", cacheShare);
    custom.put("rocksdbSstBytes", db.property("rocksdb.total-sst-files-size"));
    custom.put("rocksdbPendingWriteBytes", pendingBytes);
    custom.put("rocksdbSharedBlockCacheUsageBytes", memory.cache.getUsage());
    custom.put("rocksdbSharedMemoryBudgetBytes", memory.budgetBytes);
    return new StateStoreMetrics(numKeys, memtables + tableReaders + cacheShare, custom);
  }

  @Override
  public void close() {
    List<LocalDb> toClose;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = new ArrayList<>(opened);
      opened.clear();
      current = null;
    }
    synchronized (maintenanceLock) {
      toClose.forEach(LocalDb::close);
      if (workDir != null) {
        LocalDb.deleteRecursively(workDir);
      }
    }
  }
}
