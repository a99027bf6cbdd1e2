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
import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.HistogramData;
import org.rocksdb.HistogramType;
import org.rocksdb.RocksDBException;
import org.rocksdb.TickerType;
import org.rocksdb.WriteBatch;

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
 * <p><b>Commit.</b> A store's writes stay in a sorted map of its own, invisible to everyone
 * else. {@code commit()} writes them as {@code <v+1>.changelog} through the storage, reports
 * {@link FaultPoint#INSIDE_STATE_COMMIT}, publishes it with atomic create-if-absent (the commit
 * point) and then writes them into the local DB. A crash leaves the version whole or absent.
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
    this.memory = SharedMemory.get(options.maxMemoryMB());
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
    return new RocksDbStateStore(this, acquire(version));
  }

  @Override
  public ReadStateStore getReadStore(long version) {
    return new RocksDbReadStore(this, acquire(version));
  }

  /** A view of {@code version}: the current local DB's, rolled forward if needed, or a new one from the checkpoint. */
  private synchronized View acquire(long version) {
    if (closed) {
      throw new IllegalStateException("the state store provider of " + id.storePath() + " is closed");
    }
    try {
      if (version < 0) {
        throw loader.notFound(version, List.of());
      }
      if (options.reuseLocalState() && current != null && current.head() <= version) {
        while (current.head() < version && loader.rollForward(current, current.head() + 1)) {
          // each changelog is applied whole; a missing one ends the walk and the full load reports it
        }
        if (current.head() == version) {
          return current.view();
        }
      }
      LocalDb loaded = loader.load(version);
      opened.removeIf(LocalDb::isClosed);
      opened.add(loaded);
      if (current != null) {
        current.retire();
      }
      current = loaded;
      return current.view();
    } catch (IOException e) {
      throw new MillraceException("cannot load state version " + version + " of " + id.storePath() + ": " + e, e);
    }
  }

  /** Publishes {@code base.version + 1} with {@code changes} (a null value is a delete); returns it. */
  long commit(View base, NavigableMap<byte[], byte[]> changes, long numKeysAfter) {
    long next = base.version + 1;
    boolean published;
    try {
      long started = System.nanoTime();
      long written;
      try (AtomicOutputStream out = storage.create(layout.changelog(next))) {
        written = ChangelogFormat.write(out, next, changes, numKeysAfter);
        faults.reached(FaultPoint.INSIDE_STATE_COMMIT, next);
        long uploading = System.nanoTime();
        metrics.commitWriteChangelogMs.addAndGet((uploading - started) / 1_000_000);
        published = publish(out);
        metrics.commitUploadMs.addAndGet((System.nanoTime() - uploading) / 1_000_000);
      }
      if (published) {
        metrics.changelogBytesUploaded.addAndGet(written);
      } else {
        compareWithPublished(next, changes);
      }
      long applying = System.nanoTime();
      synchronized (this) {
        if (base.db == current && current.head() == base.version && !current.isClosed()) {
          if (published) {
            apply(current, changes, next, numKeysAfter);
          } else {
            loader.rollForward(current, next);
          }
        }
      }
      metrics.commitApplyMs.addAndGet((System.nanoTime() - applying) / 1_000_000);
      metrics.commits.incrementAndGet();
      long interval = options.commitSnapshotInterval();
      if (interval > 0 && next % interval == 0) {
        snapshot(next, FaultPoint.INSIDE_STATE_COMMIT);
      }
    } catch (IOException | RocksDBException e) {
      throw new MillraceException("cannot commit state version " + next + " of " + id.storePath() + ": " + e, e);
    }
    return next;
  }

  private static boolean publish(AtomicOutputStream out) throws IOException {
    try {
      out.commit();
      return true;
    } catch (FileAlreadyExistsException e) {
      // Only commit's "target exists" means an earlier attempt of this version published first.
      return false;
    }
  }

  private static void apply(LocalDb db, NavigableMap<byte[], byte[]> changes, long version, long numKeys)
      throws RocksDBException {
    try (WriteBatch batch = new WriteBatch()) {
      for (Map.Entry<byte[], byte[]> change : changes.entrySet()) {
        if (change.getValue() == null) {
          batch.delete(change.getKey());
        } else {
          batch.put(change.getKey(), change.getValue());
        }
      }
      db.apply(batch, version, numKeys);
    }
  }

  /** A retried commit found {@code <next>.changelog} published: the published one stays; say so if it differs. */
  private void compareWithPublished(long next, NavigableMap<byte[], byte[]> ours) throws IOException {
    Iterator<Map.Entry<byte[], byte[]>> expected = ours.entrySet().iterator();
    boolean[] same = {true};
    try (InputStream in = storage.open(layout.changelog(next))) {
      ChangelogFormat.read(in, layout.changelog(next).toString(), next, (key, value) -> {
        Map.Entry<byte[], byte[]> e = expected.hasNext() ? expected.next() : null;
        if (e == null || !Arrays.equals(e.getKey(), key) || !Arrays.equals(e.getValue(), value)) {
          same[0] = false;
        }
      });
    }
    if (!same[0] || expected.hasNext()) {
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
   * Uploads a snapshot of the local head when it is {@code minDeltasForSnapshot} changelogs past
   * the newest snapshot, then deletes what no retained version needs.
   */
  @Override
  public void doMaintenance() throws IOException {
    synchronized (maintenanceLock) {
      LocalDb db;
      synchronized (this) {
        if (closed) {
          return;
        }
        db = current;
      }
      int minDeltas = options.minDeltasForSnapshot();
      if (minDeltas > 0 && db != null && db.head() > 0) {
        StoreListing listing = StoreListing.of(storage, layout);
        long last = listing.snapshots().isEmpty() ? 0 : listing.snapshots().last();
        if (db.head() - last >= minDeltas) {
          snapshots.write(db, FaultPoint.DURING_MAINTENANCE);
        }
      }
      retention.run();
    }
  }

  /**
   * Metrics of a store over {@code db} with {@code numKeys} keys and {@code pendingBytes} of
   * uncommitted writes. {@code memoryUsedBytes} is RocksDB's own measure of what this store
   * holds: its memtables and table readers, its share of the process-wide block cache (see
   * {@link SharedMemory#blockCacheShare}) and the uncommitted writes on the heap.
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
        // A store's puts stay in its own map until commit writes them in one batch: this is that write.
        custom.put("rocksdbPutBatchLatencyAvgMicros", Math.round(writes.getAverage()));
        custom.put("rocksdbPutBatchCount", writes.getCount());
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
    return new StateStoreMetrics(numKeys, memtables + tableReaders + cacheShare + pendingBytes, custom);
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
