package io.millrace.bench;

import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.state.hdfs.HdfsStateOptions;
import io.millrace.state.hdfs.HdfsStateStoreProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
 * The {@code hdfs} state store on a local checkpoint ({@code bench/run.sh hdfs-state}).
 *
 * <ul>
 *   <li>{@code batch}: one micro-batch of one partition: {@code getStore(v)}, 1,000 updates of
 *       existing keys, {@code commit()} (which writes and fsyncs the delta file). It must cost the
 *       same at 10 k, 100 k and 1 M keys: nothing in it is O(state).</li>
 *   <li>{@code updates}: the same without the commit (no I/O): the in-memory cost alone.</li>
 *   <li>{@code restart}: a new provider (as after a restart, nothing cached) loads the newest
 *       version from disk: from a snapshot of that version ({@code recentSnapshot}), or from a
 *       snapshot 10 versions older plus 10 deltas of 1,000 changes ({@code oldSnapshot}).</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xms3g", "-Xmx3g"})
public class HdfsStateStoreBench {
  static final int UPDATES = 1000;
  static final Schema KEY = Schema.parse("key STRING");
  static final Schema VALUE = Schema.parse("value STRING");

  /** A store of {@code keys} keys whose latest version the batches build on. */
  @State(Scope.Benchmark)
  public static class Batches {
    @Param({"10000", "100000", "1000000"})
    public int keys;

    Path dir;
    HdfsStateStoreProvider provider;
    long version;
    final SplittableRandom random = new SplittableRandom(7);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      dir = Files.createTempDirectory("millrace-bench-hdfs-state-");
      provider = open(dir, Map.of());
      version = fill(provider, keys);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      provider.close();
      delete(dir);
    }
  }

  /** A store of {@code keys} keys written once, then 10 batches of 1,000 changes, read back by new providers. */
  @State(Scope.Benchmark)
  public static class Restart {
    @Param({"10000", "100000", "1000000"})
    public int keys;

    @Param({"recentSnapshot", "oldSnapshot"})
    public String snapshot;

    Path dir;
    long latest;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      dir = Files.createTempDirectory("millrace-bench-hdfs-state-");
      Map<String, String> snapshotEvery = Map.of(HdfsStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1");
      HdfsStateStoreProvider writer = open(dir, snapshotEvery);
      long v = fill(writer, keys);
      writer.doMaintenance(); // the snapshot of version 1, the "old" one
      SplittableRandom random = new SplittableRandom(11);
      for (int batch = 0; batch < 10; batch++) {
        v = batch(writer, v, keys, random);
      }
      if (snapshot.equals("recentSnapshot")) {
        writer.doMaintenance();
      }
      writer.close();
      latest = v;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      delete(dir);
    }
  }

  @Benchmark
  public long batch(Batches state) {
    state.version = batch(state.provider, state.version, state.keys, state.random);
    return state.version;
  }

  /** The in-memory part of a batch alone: getStore, 1,000 updates, abort (no file written). */
  @Benchmark
  public long updates(Batches state) {
    StateStore store = state.provider.getStore(state.version);
    for (int i = 0; i < UPDATES; i++) {
      store.put(key(state.random.nextInt(state.keys)), bytes("value-" + state.random.nextInt()));
    }
    long keys = store.metrics().numKeys();
    store.abort();
    return keys;
  }

  @Benchmark
  public long restart(Restart state) {
    HdfsStateStoreProvider provider = open(state.dir, Map.of());
    StateStore store = provider.getStore(state.latest);
    long keys = store.metrics().numKeys();
    store.abort();
    provider.close();
    return keys;
  }

  static long batch(HdfsStateStoreProvider provider, long version, int keys, SplittableRandom random) {
    StateStore store = provider.getStore(version);
    for (int i = 0; i < UPDATES; i++) {
      store.put(key(random.nextInt(keys)), bytes("value-" + random.nextInt()));
    }
    return store.commit();
  }

  static long fill(HdfsStateStoreProvider provider, int keys) {
    StateStore store = provider.getStore(0);
    for (int i = 0; i < keys; i++) {
      store.put(key(i), bytes("initial-value-" + i));
    }
    return store.commit();
  }

  static byte[] key(int i) {
    return bytes(String.format("key-%08d", i));
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static HdfsStateStoreProvider open(Path dir, Map<String, String> options) {
    HdfsStateStoreProvider provider = new HdfsStateStoreProvider();
    StateStoreId id = new StateStoreId(dir.toUri(), 0, 0, StateStoreId.DEFAULT_STORE_NAME);
    provider.init(id, KEY, VALUE, BenchPluginContext.of("state store 'hdfs'", options));
    return provider;
  }

  static void delete(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
