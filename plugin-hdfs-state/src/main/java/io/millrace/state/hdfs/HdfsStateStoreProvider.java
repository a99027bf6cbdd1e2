package io.millrace.state.hdfs;

import io.millrace.spi.MillraceException;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The HDFS-backed state store (name {@code hdfs}), in the style of Spark's
 * {@code HDFSBackedStateStoreProvider}, writing through whatever {@link Storage} the checkpoint
 * URI selects.
 *
 * <p><b>Versions.</b> Version {@code v} is an immutable, structure-sharing sorted map
 * ({@link StateMap}). {@code getStore(v)} opens an editor over it without copying anything;
 * {@code commit()} writes {@code <v+1>.delta} (the batch's changes, sorted) and caches the
 * edited map as {@code v+1}. Both cost O(keys changed × log n), not O(state) as in Spark.
 *
 * <p><b>Files.</b> {@code <v>.delta} and {@code <v>.snapshot} in {@link StateFileFormat}, each
 * published with atomic create-if-absent, so a crash leaves a version whole or absent.
 * {@link FaultPoint#INSIDE_STATE_COMMIT} is reported between writing and publishing.
 *
 * <p><b>A retried commit</b> of a version that already exists (a replayed batch) compares its
 * changes with the published delta. Equal: nothing is written. Different (a non-deterministic
 * query): the published version wins and is what this commit returns and caches. Spark
 * overwrites instead, but replacing a file that later versions were built on, or that other
 * readers already loaded, would break them, and a delete-then-rewrite would leave a window
 * (or, after a crash, a hole) in which the version is missing. Keeping the first published
 * version matches sinks that keep the first write of a batch. It is logged and counted in
 * {@code replayedCommitsWithDifferentContent}.
 */
public final class HdfsStateStoreProvider implements StateStoreProvider {
  private static final System.Logger LOG = System.getLogger(HdfsStateStoreProvider.class.getName());

  private StateStoreId id;
  private StoreLayout layout;
  private HdfsStateOptions options;
  private VersionCache cache;
  private ProviderMetrics metrics;
  private VersionLoader loader;
  private VersionWriter writer;
  private Maintenance maintenance;

  @Override
  public void init(StateStoreId id, Schema keySchema, Schema valueSchema, PluginContext context) {
    this.id = Objects.requireNonNull(id, "id");
    this.options = HdfsStateOptions.from(context.options());
    Storage storage;
    try {
      storage = context.storage(id.storePath());
    } catch (IOException e) {
      throw new UncheckedIOException("no storage for " + id.storePath(), e);
    }
    this.layout = new StoreLayout(id.storePath());
    this.cache = new VersionCache(options.maxVersionsToRetainInMemory());
    this.metrics = new ProviderMetrics();
    this.loader = new VersionLoader(id, storage, layout, cache, metrics);
    this.writer = new VersionWriter(storage, layout, options.codec(), context.faultInjector(), metrics);
    this.maintenance = new Maintenance(storage, layout, options, loader, writer, cache, context.faultInjector());
    // A process killed mid-write leaves the temporary file of that write; the engine runs one
    // task per store, so none of ours can be in flight while the provider starts.
    int removed;
    try {
      removed = storage.deleteAbandonedWrites(layout.dir());
    } catch (java.io.IOException e) {
      removed = 0;
      LOG.log(System.Logger.Level.WARNING, "could not delete temporary files of interrupted writes under {0}: {1}",
          layout.dir(), e.toString());
    }
    if (removed > 0) {
      LOG.log(System.Logger.Level.INFO, "removed {0} temporary file(s) of interrupted writes under {1}", removed, layout.dir());
    }
  }

  StateStoreId id() {
    return id;
  }

  /** The settings this provider runs with. */
  public HdfsStateOptions options() {
    return options;
  }

  /** How often the engine should call {@link #doMaintenance()} ({@code maintenanceInterval}). */
  public Duration maintenanceInterval() {
    return options.maintenanceInterval();
  }

  @Override
  public StateStore getStore(long version) {
    return new HdfsStateStore(this, version, loader.load(version));
  }

  @Override
  public ReadStateStore getReadStore(long version) {
    return new HdfsReadStore(this, version, loader.load(version));
  }

  /** Publishes {@code version + 1} from {@code editor}; returns the map that is now that version. */
  StateMap commit(long version, MapEditor editor) {
    long next = version + 1;
    StateMap result;
    try {
      // The delta first: the diff that writes it also measures the map current() returns.
      boolean written = writer.writeDelta(next, editor);
      result = editor.current();
      if (!written) {
        result = reconcile(next, editor.base(), editor.changes(), result);
      }
      long interval = options.commitSnapshotInterval();
      if (interval > 0 && next % interval == 0) {
        writer.writeSnapshot(next, result, FaultPoint.INSIDE_STATE_COMMIT);
      }
    } catch (IOException e) {
      throw new MillraceException("cannot commit state version " + next + " of " + id.storePath() + ": " + e, e);
    }
    cache.put(next, result);
    return result;
  }

  /** {@code <next>.delta} already exists: keep it, and return the version it defines. */
  private StateMap reconcile(long next, StateMap base, List<KeyValue> ours, StateMap oursApplied) {
    List<KeyValue> published = new ArrayList<>();
    MapEditor replay = base.edit();
    loader.read(next, layout.file(next, StateFileKind.DELTA), StateFileKind.DELTA, next,
        (key, value) -> {
          published.add(new KeyValue(key, value));
          replay.apply(key, value);
        });
    if (sameChanges(published, ours)) {
      return oursApplied;
    }
    metrics.commitsKeptExisting.incrementAndGet();
    LOG.log(System.Logger.Level.WARNING, "state version {0} of {1} was already committed with other changes ({2} against"
        + " {3} now); keeping the version already published. The query is not deterministic on replay.",
        next, id.storePath(), published.size(), ours.size());
    return replay.current();
  }

  private static boolean sameChanges(List<KeyValue> a, List<KeyValue> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!Arrays.equals(a.get(i).key(), b.get(i).key()) || !Arrays.equals(a.get(i).value(), b.get(i).value())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Snapshots the newest version when enough deltas piled up and deletes what no retained
   * version needs. Touches only this store; a failure is thrown for the runtime to report.
   */
  @Override
  public void doMaintenance() throws IOException {
    maintenance.run();
  }

  /** Metrics of a store over {@code numKeys} keys holding {@code ownBytes} beyond the cache. */
  StateStoreMetrics metrics(long numKeys, long ownBytes) {
    return new StateStoreMetrics(numKeys, cache.bytes() + ownBytes, metrics.snapshot(cache));
  }

  /** Bytes of {@code map} not already counted in the cache. */
  long uncachedBytes(StateMap map) {
    return map == StateMap.EMPTY || cache.holds(map) ? 0 : map.bytes();
  }

  @Override
  public void close() {
    if (cache != null) {
      cache.clear();
    }
  }
}
