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
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
 * <p><b>Variables come and go across restarts</b> ({@link KeyedStateEvolution} has the rules).
 * A variable declared first at batch N has no store version N to load, and the SPI has no way to
 * open a version that was never committed (only version 0 is empty). So each variable's stores
 * count versions from its birth: the record gives it a <em>base</em>, the batch its store's
 * version 0 belongs to, and batch {@code v} reads store version {@code v - base} and commits
 * {@code v - base + 1}. Batch N of a variable born at N reads its empty version 0. The argument
 * above holds unchanged, one shift per store: a replay of batch {@code v} reads {@code v - base}
 * again and commits {@code v - base + 1} again. The record that says so is written before the
 * run's first batch, and a run that crashes before that batch commits starts again at the same
 * batch, where the record's bases (and its conversions, below) mean the same stores as before.
 *
 * <p>A variable a run no longer declares is kept: its stores are not opened, so they stay at the
 * version of the last batch that declared it, which the record keeps; declaring it again later
 * gives it the base that makes that version the one read next. {@code deleteIfExists} deletes a
 * variable's directories: the record naming it in {@code deleting} (and no longer declaring or
 * keeping it) is written first, then the directories are deleted; a crash in between leaves a
 * record that says to finish, which every start does before it opens a store, so a half-deleted
 * variable is never read, and a new one of the same name starts from an empty directory.
 *
 * <p>A variable whose value schema changed in a way {@link io.millrace.api.state.StateSchemaEvolution}
 * reads has its stores' rows converted by the run's first batch, before the processor runs, in the
 * same store versions that batch commits: a crash replays the conversion from the unconverted
 * version, and the record says which schema the rows of each version have.
 */
public final class KeyedStateBackend implements AutoCloseable {
  /** The timers' store; variable names start with a letter, so none can take it. */
  public static final String TIMERS_STORE = "_timers";
  private static final Logger LOG = LoggerFactory.getLogger(KeyedStateBackend.class);

  private final KeyedStateSpec spec;
  private final KeyGroups keyGroups;
  /** Where each partition's timers start, for the scans of the batch after the one that committed them. */
  private final TimerFloors timerFloors;
  private final RowCodec keyCodec;
  private final Map<String, PartitionStores> stores = new LinkedHashMap<>();
  private final AtomicBoolean fullScanLogged = new AtomicBoolean();
  /** Per store, the batch its version 0 belongs to. */
  private final Map<String, Long> bases = new LinkedHashMap<>();
  private final long firstBatch;
  /** Variables whose rows the first batch converts, from the schema they are stored with. */
  private final Map<String, Schema> converts;
  private final int deletedVariables;
  /** Whether the timers' store has the index by key, as the checkpoint's record says it was born. */
  private final boolean timersByKey;

  /**
   * Settles the checkpoint's record of the operator's keyed state with {@code spec} (refusing a
   * change it cannot read, recording one it can, deleting what {@code spec} deletes), then opens
   * every store of every partition.
   */
  public KeyedStateBackend(KeyedStateSpec spec, StateStoreProviderFactory factory, URI checkpoint, Storage storage,
      long operatorId, KeyGroups keyGroups, PluginContext context) throws IOException {
    if (keyGroups.maxKeyGroups() > KeyLayout.MAX_KEY_GROUPS) {
      throw new IllegalArgumentException("millrace.state.maxKeyGroups (" + keyGroups.maxKeyGroups() + ") is above "
          + KeyLayout.MAX_KEY_GROUPS + ", the most keyed state can address: its keys start with a two-byte key group");
    }
    this.spec = spec;
    this.keyGroups = keyGroups;
    this.timerFloors = new TimerFloors(keyGroups.partitions());
    this.keyCodec = new RowCodec(spec.keySchema());
    URI operatorDir = operatorDir(checkpoint, operatorId);
    this.firstBatch = nextBatch(storage, checkpoint);
    Optional<KeyedStateSchemaFile.Recorded> recorded = KeyedStateSchemaFile.read(storage, operatorDir);
    if (recorded.isEmpty()) {
      KeyedStateSchemaFile.refuseStateWithoutRecord(storage, operatorDir, spec);
    } else {
      deleteVariables(storage, operatorDir, recorded.get().record().deleting()); // a deletion a crash interrupted
    }
    KeyedStateEvolution.Result evolved = KeyedStateEvolution.evolve(recorded.map(KeyedStateSchemaFile.Recorded::record),
        spec, firstBatch, operatorDir.resolve(KeyedStateSchemaFile.NAME).toString());
    if (evolved.changed()) {
      KeyedStateSchemaFile.write(storage, operatorDir, evolved.record(), recorded);
    }
    deleteVariables(storage, operatorDir, evolved.deleted());
    this.deletedVariables = evolved.deleted().size();
    this.timersByKey = evolved.record().timersByKey();
    this.converts = evolved.converts();
    if (!evolved.deleted().isEmpty() || !evolved.converts().isEmpty() || evolved.changed() && recorded.isPresent()) {
      LOG.info("{}: keyed state from batch {}: bases {}, converting {}, deleted {}", spec.operatorName(), firstBatch,
          evolved.bases(), evolved.converts().keySet(), evolved.deleted());
    }
    try {
      for (StateVariable v : spec.variables()) {
        long base = evolved.bases().get(v.name());
        open(factory, checkpoint, operatorId, v.name(), storeKeySchema(v), v.valueSchema(), context, base);
        if (v.hasTtl()) {
          open(factory, checkpoint, operatorId, v.ttlStoreName(), TtlIndex.KEY_SCHEMA, Schema.of(), context, base);
        }
      }
      if (spec.hasTimers()) {
        open(factory, checkpoint, operatorId, TIMERS_STORE, Schema.of(new Field("key", DataType.struct(spec.keySchema()),
            false), new Field("mode", DataType.INT, false), new Field("time", DataType.LONG, false)), Schema.of(), context,
            evolved.record().timersBase());
      }
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  /**
   * The batch the run starts with: the one after the last in {@code commits/}, whose state
   * versions it reads. Read here, not passed in, so that the record is settled before any
   * store opens; {@link #begin} checks that the first batch is this one.
   */
  private static long nextBatch(Storage storage, URI checkpoint) throws IOException {
    long last = -1;
    for (FileInfo f : storage.list(Locations.asDirectory(checkpoint).resolve("commits/"))) {
      String name = f.name();
      if (!f.directory() && !name.isEmpty() && name.length() < 19 && name.chars().allMatch(Character::isDigit)) {
        last = Math.max(last, Long.parseLong(name));
      }
    }
    return last + 1;
  }

  /** Deletes every partition's directories of {@code names} (the variable's and its TTL index's); idempotent. */
  private static void deleteVariables(Storage storage, URI operatorDir, Set<String> names) throws IOException {
    if (names.isEmpty()) {
      return;
    }
    for (FileInfo partition : storage.list(operatorDir)) {
      if (!partition.directory() || !partition.name().chars().allMatch(Character::isDigit)) {
        continue;
      }
      URI dir = Locations.asDirectory(partition.path());
      for (String name : names) {
        storage.delete(dir.resolve(name));
        storage.delete(dir.resolve(StateVariable.ttlStoreName(name)));
      }
    }
  }

  /**
   * Checks, without writing, that the checkpoint's keyed state of the operator can be read as
   * {@code spec} declares it (see {@link KeyedStateEvolution}).
   */
  public static void checkSchema(KeyedStateSpec spec, URI checkpoint, Storage storage, long operatorId)
      throws IOException {
    URI operatorDir = operatorDir(checkpoint, operatorId);
    Optional<KeyedStateSchemaFile.Recorded> recorded = KeyedStateSchemaFile.read(storage, operatorDir);
    if (recorded.isEmpty()) {
      KeyedStateSchemaFile.refuseStateWithoutRecord(storage, operatorDir, spec);
      return;
    }
    KeyedStateEvolution.evolve(recorded.map(KeyedStateSchemaFile.Recorded::record), spec,
        nextBatch(storage, checkpoint), operatorDir.resolve(KeyedStateSchemaFile.NAME).toString());
  }

  /** Whether an earlier run of the query kept keyed state for the operator on this checkpoint. */
  public static boolean recorded(URI checkpoint, Storage storage, long operatorId) throws IOException {
    return KeyedStateSchemaFile.read(storage, operatorDir(checkpoint, operatorId)).isPresent();
  }

  private static URI operatorDir(URI checkpoint, long operatorId) {
    return Locations.asDirectory(checkpoint).resolve("state/" + operatorId + "/");
  }

  private void open(StateStoreProviderFactory factory, URI checkpoint, long operatorId, String name, Schema key,
      Schema value, PluginContext context, long base) {
    stores.put(name, new PartitionStores(factory, checkpoint, operatorId, name, keyGroups.partitions(), key, value,
        context));
    bases.put(name, base);
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
    if (version < firstBatch) {
      throw new IllegalStateException(spec.operatorName() + ": batch " + version + " runs, but the keyed state was"
          + " prepared for batch " + firstBatch + " on (from the checkpoint's commits/)");
    }
    Map<String, StateStore> open = new LinkedHashMap<>();
    Map<String, Long> read = new LinkedHashMap<>();
    Scans scans = new Scans(this::fullScan);
    try {
      for (Map.Entry<String, PartitionStores> e : stores.entrySet()) {
        long storeVersion = version - bases.get(e.getKey());
        open.put(e.getKey(), e.getValue().provider(partition).getStore(storeVersion));
        read.put(e.getKey(), storeVersion);
      }
      if (version == firstBatch) {
        converts.forEach((name, from) -> StoredRows.convert(open.get(name), spec.variable(name).orElseThrow(), from,
            scans));
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
    return new KeyedPartitionState(spec, partition, version, open, read,
        new KeyScope(spec.operatorName(), keyCodec, keyGroups, partition), scans, timerFloors, timersByKey,
        version == firstBatch);
  }

  /** The variables whose stored state this run deleted at start (deleteIfExists). */
  public int deletedVariables() {
    return deletedVariables;
  }

  /** The batch this run started with. */
  public long firstBatch() {
    return firstBatch;
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
