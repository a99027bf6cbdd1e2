package io.millrace.bench;

import io.millrace.spi.state.StateStoreId;
import io.millrace.state.hdfs.HdfsStateOptions;
import io.millrace.state.hdfs.HdfsStateStoreProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
      version = StateWorkloads.fill(provider, keys);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      provider.close();
      StateWorkloads.delete(dir);
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
      long v = StateWorkloads.fill(writer, keys);
      writer.doMaintenance(); // the snapshot of version 1, the "old" one
      SplittableRandom random = new SplittableRandom(11);
      for (int batch = 0; batch < 10; batch++) {
        v = StateWorkloads.batch(writer, v, keys, random);
      }
      if (snapshot.equals("recentSnapshot")) {
        writer.doMaintenance();
      }
      writer.close();
      latest = v;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
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
    HdfsStateStoreProvider provider = open(state.dir, Map.of());
    long keys = StateWorkloads.load(provider, state.latest);
    provider.close();
    return keys;
  }

  static HdfsStateStoreProvider open(Path dir, Map<String, String> options) {
    HdfsStateStoreProvider provider = new HdfsStateStoreProvider();
    StateStoreId id = new StateStoreId(dir.toUri(), 0, 0, StateStoreId.DEFAULT_STORE_NAME);
    provider.init(id, StateWorkloads.KEY, StateWorkloads.VALUE, BenchPluginContext.of("state store 'hdfs'", options));
    return provider;
  }
}
