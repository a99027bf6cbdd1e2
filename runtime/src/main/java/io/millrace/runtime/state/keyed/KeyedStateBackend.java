package io.millrace.runtime.state.keyed;

import io.millrace.runtime.Locations;
import io.millrace.runtime.state.KeyGroups;
import io.millrace.runtime.state.PartitionStores;
import io.millrace.runtime.state.RowCodec;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keyed state of one stateful operator (see {@link KeyedStateSpec}): for every shuffle
 * partition, one store per state variable, named after it, in
 * {@code state/<op>/<partition>/<variable>/}, and one store named {@value #TIMERS_STORE} for the
 * timers. The providers open when the query starts and stay open for its life; each batch,
 * {@link #begin} opens version N of a partition's stores and the operator's task works on it.
 *
 * <p><b>A store per variable, not one store with a name prefix.</b>
 * A store per variable means a commit per variable: not atomic across the variables of a
 * partition. That adds no failure mode. A batch already commits its partitions' stores one by
 * one, so a crash can already leave some of an operator's stores at N+1 and the rest at N, and
 * the engine already repairs it the one way: {@code commits/N} is missing, so the batch is run
 * again from version N. Every store loads N (its N+1 is not read) and commits N+1 again, which
 * the SPI allows (a retried commit of a version, TCK rule T09); a store that had published N+1
 * keeps it or replaces it with the same data. Several stores per partition are more of the same.
 * What this rests on, as the exactly-once sink already does, is that a replay computes the same
 * version: the same rows in the same order, the same watermark, the same processing time. Hence
 * processing-time timers fire against the batch's time recorded in {@code offsets/N}, never
 * against the clock at replay ({@link TimerService}).
 *
 * <p>What a store per variable gives: each variable's exact row count is its store's
 * {@code numKeys}; each store is given its own schemas; a variable's reads never step over
 * another's entries; a variable is one directory, so dropping one later is deleting it; and the
 * SPI needs nothing new ({@code StateStoreId} has a store name; TCK rule T25 checks that a store
 * keeps the named stores of one partition apart). What it costs: a version file per variable per
 * partition per batch (an idle variable commits an empty version) and a provider per variable
 * per partition (for rocksdb a database each, in the shared memory budget). Should that weigh on
 * an object store, column families (several key spaces in one store, one commit) can come to
 * the SPI as a default method, and only this class changes.
 *
 * <p>The variables are fixed at the checkpoint's first run: a variable's store has a version per
 * batch from then on, and one added later would have no version N to load. The declaration is
 * recorded in {@code state/<op>/_keyedState}, and a restart that declares anything else is
 * refused, naming the difference. (Spark 4 lets transformWithState add and drop variables; here
 * a variable born at batch N would have to record N and number its store's versions from there.)
 */
public final class KeyedStateBackend implements AutoCloseable {
  /** The timers' store; variable names start with a letter, so none can take it. */
  public static final String TIMERS_STORE = "_timers";
  private static final Logger LOG = LoggerFactory.getLogger(KeyedStateBackend.class);

  private final KeyedStateSpec spec;
  private final KeyGroups keyGroups;
  private final RowCodec keyCodec;
  private final Map<String, PartitionStores> stores = new LinkedHashMap<>();
  private final AtomicBoolean fullScanLogged = new AtomicBoolean();

  /**
   * Checks the checkpoint's record of the operator's keyed state against {@code spec}, opens
   * every store of every partition and records {@code spec} at the first run.
   */
  public KeyedStateBackend(KeyedStateSpec spec, StateStoreProviderFactory factory, URI checkpoint, Storage storage,
      long operatorId, KeyGroups keyGroups, PluginContext context) throws IOException {
    if (keyGroups.maxKeyGroups() > KeyLayout.MAX_KEY_GROUPS) {
      throw new IllegalArgumentException("millrace.state.maxKeyGroups (" + keyGroups.maxKeyGroups() + ") is above "
          + KeyLayout.MAX_KEY_GROUPS + ", the most keyed state can address: its keys start with a two-byte key group");
    }
    this.spec = spec;
    this.keyGroups = keyGroups;
    this.keyCodec = new RowCodec(spec.keySchema());
    URI operatorDir = operatorDir(checkpoint, operatorId);
    KeyedStateSchemaFile.check(storage, operatorDir, spec);
    try {
      for (StateVariable v : spec.variables()) {
        open(factory, checkpoint, operatorId, v.name(), storeKeySchema(v), v.valueSchema(), context);
      }
      if (spec.hasTimers()) {
        open(factory, checkpoint, operatorId, TIMERS_STORE, Schema.of(new Field("key", DataType.struct(spec.keySchema()),
            false), new Field("mode", DataType.INT, false), new Field("time", DataType.LONG, false)), Schema.of(), context);
      }
      KeyedStateSchemaFile.record(storage, operatorDir, spec);
    } catch (IOException | RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  /** Checks, without writing, that the checkpoint's keyed state of the operator was written with {@code spec}. */
  public static void checkSchema(KeyedStateSpec spec, URI checkpoint, Storage storage, long operatorId)
      throws IOException {
    KeyedStateSchemaFile.check(storage, operatorDir(checkpoint, operatorId), spec);
  }

  /** Whether an earlier run of the query kept keyed state for the operator on this checkpoint. */
  public static boolean recorded(URI checkpoint, Storage storage, long operatorId) throws IOException {
    return KeyedStateSchemaFile.exists(storage, operatorDir(checkpoint, operatorId));
  }

  private static URI operatorDir(URI checkpoint, long operatorId) {
    return Locations.asDirectory(checkpoint).resolve("state/" + operatorId + "/");
  }

  private void open(StateStoreProviderFactory factory, URI checkpoint, long operatorId, String name, Schema key,
      Schema value, PluginContext context) {
    stores.put(name, new PartitionStores(factory, checkpoint, operatorId, name, keyGroups.partitions(), key, value,
        context));
  }

  /** The schema of a variable's store keys, for the provider's checks and metrics: what follows the key. */
  private Schema storeKeySchema(StateVariable v) {
    Field key = new Field("key", DataType.struct(spec.keySchema()), false);
    switch (v.kind()) {
      case LIST:
        return Schema.of(key, new Field("index", DataType.LONG, true));
      case MAP:
        return Schema.of(key, new Field("mapKey", DataType.struct(v.mapKeySchema()), false));
      default:
        return Schema.of(key);
    }
  }

  /**
   * Opens version {@code version} of every store of {@code partition}. If one cannot open, those
   * opened are aborted and the failure (naming the store and the version) is thrown.
   */
  public KeyedPartitionState begin(int partition, long version) {
    Map<String, StateStore> open = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, PartitionStores> e : stores.entrySet()) {
        open.put(e.getKey(), e.getValue().provider(partition).getStore(version));
      }
    } catch (RuntimeException | Error e) {
      for (StateStore s : open.values()) {
        try {
          s.abort();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
    return new KeyedPartitionState(spec, partition, version, open,
        new KeyScope(spec.operatorName(), keyCodec, keyGroups, partition), new Scans(this::fullScan));
  }

  private void fullScan() {
    if (fullScanLogged.compareAndSet(false, true)) {
      LOG.warn("{}: the state store has no range scans, so reading a list, a map or the expired timers reads every entry"
          + " of the partition's store; counted in customMetrics.numFullStateScans (logged once per run)",
          spec.operatorName());
    }
  }

  public KeyedStateSpec spec() {
    return spec;
  }

  public int partitions() {
    return keyGroups.partitions();
  }

  /** The store names of each partition, in commit order. */
  public List<String> storeNames() {
    return List.copyOf(stores.keySet());
  }

  /** Every store's maintenance; a failure is logged and counted, never thrown. */
  public void maintain() {
    stores.values().forEach(PartitionStores::maintain);
  }

  public long maintenanceFailures() {
    return stores.values().stream().mapToLong(PartitionStores::maintenanceFailures).sum();
  }

  @Override
  public void close() {
    stores.values().forEach(PartitionStores::close);
  }
}
