package io.millrace.bench;


import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.state.rocksdb.RocksDbStateOptions;
import io.millrace.state.rocksdb.RocksDbStateStoreProviderFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The {@code rocksdb} state store on a local checkpoint ({@code bench/run.sh rocksdb-state}):
 * the workloads of {@link HdfsStateStoreBench}, with the same keys and values, plus a state of
 * 10 M keys that the heap could not hold.
 *
 * <ul>
 *   <li>{@code batch}: {@code getStore(v)}, 1,000 updates of existing keys, {@code commit()}
 *       (which writes and fsyncs the changelog, then writes the local DB).</li>
 *   <li>{@code updates}: the same without the commit: each update's lookup (for the key count)
 *       and the store's own sorted map of pending writes.</li>
 *   <li>{@code restart}, without local state: a new provider with an empty local directory (a
 *       restart on another machine, or after the local disk was lost) loads the newest version
 *       from the checkpoint: it downloads and checks the SST files of a snapshot of that version
 *       ({@code recentSnapshot}), or of a snapshot 10 versions older and replays 10 changelogs
 *       of 1,000 changes ({@code oldSnapshot}).</li>
 *   <li>{@code restartOnLocalDb}, with local state: the local DB survived 10 versions behind
 *       the newest (another writer committed since), and {@code getStore(newest)} replays the 10
 *       changelogs onto it; no snapshot is read. This runs on a provider that stays open,
 *       because a new provider never reuses a local DB: the plugin treats its local directory
 *       as a cache it deletes on {@code close()} and sweeps after a crash.</li>
 * </ul>
 *
 * <p>The filled checkpoints come from {@link RocksDbFilledCheckpoints}, built once per run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// 5 warmup iterations where HdfsStateStoreBench has 3: the JNI and sorted-map paths compile later.
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
// A 256 MB heap, where HdfsStateStoreBench has 3 GB: 10 M keys are ~330 MB of key and value
// bytes alone, more than 1 GB as the hdfs store's in-heap maps, so only a store that keeps its
// state off the heap runs here at all. RocksDB's block cache and memtables are native memory,
// bounded by maxMemoryMB (default 256 MB); the rest of the state is on the local disk.
@Fork(value = 1, jvmArgs = {"-Xms256m", "-Xmx256m"})
public class RocksDbStateStoreBench {

  /** A store of {@code keys} keys, loaded into a provider's local DB, whose latest version the batches build on. */
  @State(Scope.Benchmark)
  public static class Batches {
    @Param({"10000", "100000", "1000000", "10000000"})
    public int keys;

    Path dir;
    StateStoreProvider provider;
    long version;
    final SplittableRandom random = new SplittableRandom(7);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      dir = Files.createTempDirectory("millrace-bench-rocksdb-state-");
      RocksDbFilledCheckpoints.copyTo(checkpoint(dir), keys);
      provider = open(checkpoint(dir), localDir(dir), Map.of());
      version = RocksDbFilledCheckpoints.filledVersion(keys);
      provider.getStore(version).abort(); // builds the local DB here rather than in the first batch
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      provider.close();
      StateWorkloads.delete(dir);
    }
  }

  /** A store of {@code keys} keys, then 10 batches of 1,000 changes, read back by new providers. */
  @State(Scope.Benchmark)
  public static class Restart {
    @Param({"10000", "100000", "1000000", "10000000"})
    public int keys;

    @Param({"recentSnapshot", "oldSnapshot"})
    public String snapshot;

    Path dir;
    long latest;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      dir = Files.createTempDirectory("millrace-bench-rocksdb-state-");
      RocksDbFilledCheckpoints.copyTo(checkpoint(dir), keys); // holds the snapshot of the filled version, the "old" one
      StateStoreProvider writer =
          open(checkpoint(dir), localDir(dir), Map.of(RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"));
      long v = RocksDbFilledCheckpoints.filledVersion(keys);
      SplittableRandom random = new SplittableRandom(11);
      for (int batch = 0; batch < 10; batch++) {
        v = StateWorkloads.batch(writer, v, keys, random);
      }
      if (snapshot.equals("recentSnapshot")) {
        writer.doMaintenance();
      }
      writer.close(); // deletes its local DB: the benchmark's providers start with an empty local directory
      latest = v;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      StateWorkloads.delete(dir);
    }
  }

  /** A reader whose local DB is 10 versions behind the newest before every call. */
  @State(Scope.Benchmark)
  public static class LocalDbBehind {
    @Param({"10000", "100000", "1000000", "10000000"})
    public int keys;

    Path dir;
    StateStoreProvider writer;
    StateStoreProvider reader;
    long latest;
    final SplittableRandom random = new SplittableRandom(11);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      dir = Files.createTempDirectory("millrace-bench-rocksdb-state-");
      RocksDbFilledCheckpoints.copyTo(checkpoint(dir), keys);
      latest = RocksDbFilledCheckpoints.filledVersion(keys);
      writer = open(checkpoint(dir), localDir(dir), Map.of());
      reader = open(checkpoint(dir), localDir(dir), Map.of());
      writer.getStore(latest).abort();
      reader.getStore(latest).abort();
    }

    /**
     * 10 new versions the reader has not seen. Per-invocation setup is fine here: the call takes
     * milliseconds, far above the timer overhead JMH warns about for {@code Level.Invocation}.
     */
    @Setup(Level.Invocation)
    public void commitTenVersions() {
      for (int batch = 0; batch < 10; batch++) {
        latest = StateWorkloads.batch(writer, latest, keys, random);
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      writer.close();
      reader.close();
      StateWorkloads.delete(dir);
    }
  }

  @Benchmark
  public long batch(Batches state) {
    state.version = StateWorkloads.batch(state.provider, state.version, state.keys, state.random);
    return state.version;
  }

  /** The in-memory part of a batch alone: getStore, 1,000 updates, abort (no file written). */
  @Benchmark
  public long updates(Batches state) {
    return StateWorkloads.updates(state.provider, state.version, state.keys, state.random);
  }

  @Benchmark
  public long restart(Restart state) {
    StateStoreProvider provider = open(checkpoint(state.dir), localDir(state.dir), Map.of());
    long keys = StateWorkloads.load(provider, state.latest);
    provider.close();
    return keys;
  }

  @Benchmark
  public long restartOnLocalDb(LocalDbBehind state) {
    return StateWorkloads.load(state.reader, state.latest);
  }

  static Path checkpoint(Path dir) {
    return dir.resolve("checkpoint");
  }

  static Path localDir(Path dir) {
    return dir.resolve("local");
  }

  /** A provider of operator 0, partition 0 on {@code checkpoint}, its local DBs under {@code localDir}. */
  static StateStoreProvider open(Path checkpoint, Path localDir, Map<String, String> options) {
    Map<String, String> all = new HashMap<>(options);
    all.put(RocksDbStateOptions.LOCAL_DIR, localDir.toString());
    try {
      Files.createDirectories(checkpoint); // so its URI ends in '/' as an existing directory's does
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    StateStoreProvider provider = new RocksDbStateStoreProviderFactory().create();
    StateStoreId id = new StateStoreId(checkpoint.toUri(), 0, 0, StateStoreId.DEFAULT_STORE_NAME);
    provider.init(id, StateWorkloads.KEY, StateWorkloads.VALUE, BenchPluginContext.of("state store 'rocksdb'", all));
    return provider;
  }
}
