package io.millrace.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStoreMetrics;
import io.millrace.tck.CrashAt;
import io.millrace.tck.SimulatedCrash;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the TCK does not check: shared SSTs, real memory figures, named corruption, options, maintenance crashes. */
class RocksDbStateStoreProviderTest {
  @TempDir
  Path root;

  private Map<String, String> options(String local, String... more) {
    Map<String, String> out = new HashMap<>();
    out.put(RocksDbStateOptions.LOCAL_DIR, root.resolve(local).toString());
    for (int i = 0; i < more.length; i += 2) {
      out.put(more[i], more[i + 1]);
    }
    return out;
  }

  private Path checkpoint() throws Exception {
    return Files.createDirectories(root.resolve("checkpoint"));
  }

  private Path store(Path checkpoint) {
    return Path.of(TestStores.id(checkpoint).storePath());
  }

  @Test
  void aSecondSnapshotUploadsOnlyNewSstFilesAndAnEmptyLocalDirectoryLoadsIt() throws Exception {
    Path checkpoint = checkpoint();
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint,
        options("local", RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"));
    TestStores.commitKeys(provider, 0, "a", 5000, "first");
    provider.doMaintenance();
    TestStores.commitKeys(provider, 1, "b", 100, "second");
    provider.doMaintenance();
    // A version that changes nothing: its snapshot must upload nothing and reuse every SST.
    // (Between the first two snapshots RocksDB may rewrite SSTs by compaction, so reuse there
    // depends on timing.)
    TestStores.commitKeys(provider, 2, "c", 0, "none");
    provider.doMaintenance();
    Map<String, Long> custom;
    try (ReadStateStore v3 = provider.getReadStore(3)) {
      custom = v3.metrics().customMetrics();
    }
    assertThat(custom.get("rocksdbSnapshotsUploaded")).isEqualTo(3);
    assertThat(custom.get("rocksdbFilesReused")).as("the unchanged version's snapshot reuses the SSTs").isPositive();
    try (Stream<Path> ssts = Files.list(store(checkpoint).resolve("sst"))) {
      assertThat(custom.get("rocksdbFilesUploaded")).as("each SST uploaded once").isEqualTo(ssts.count());
    }
    provider.close();

    RocksDbStateStoreProvider fresh = TestStores.provider(checkpoint, options("empty-local"));
    try (ReadStateStore v2 = fresh.getReadStore(2)) {
      assertThat(v2.metrics().numKeys()).isEqualTo(5100);
      assertThat(TestStores.text(v2.get(TestStores.bytes("a4999")))).isEqualTo("first");
      assertThat(TestStores.text(v2.get(TestStores.bytes("b99")))).isEqualTo("second");
      assertThat(v2.metrics().customMetrics().get("rocksdbChangelogsReplayed")).as("loaded from snapshot 2 alone").isZero();
    }
    fresh.close();
  }

  @Test
  void memoryUsedBytesIsRocksDbsOwnUsageAndMetricsComeFromItsStatistics() throws Exception {
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint(),
        options("local", RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"));
    TestStores.commitKeys(provider, 0, "k", 20_000, "some value of a few bytes");
    try (ReadStateStore v1 = provider.getReadStore(1)) {
      StateStoreMetrics metrics = v1.metrics();
      Map<String, Long> custom = metrics.customMetrics();
      assertThat(custom.get("rocksdbMemTableBytes")).as("20,000 keys in the memtable").isGreaterThan(500_000);
      assertThat(metrics.memoryUsedBytes()).isGreaterThanOrEqualTo(custom.get("rocksdbMemTableBytes"));
      assertThat(custom.get("rocksdbWriteCount")).as("the changes go into the DB 4,096 a write, the rest at commit")
          .isEqualTo(20_000 / 4096 + 1);
      assertThat(custom.get("rocksdbChangelogBytesUploaded")).isGreaterThan(20_000L * 25);
    }
    provider.doMaintenance(); // the snapshot flushes the memtable into an SST
    try (ReadStateStore v1 = provider.getReadStore(1)) {
      for (int i = 0; i < 20_000; i += 10) {
        assertThat(v1.get(TestStores.bytes("k" + i))).isNotNull();
      }
      StateStoreMetrics metrics = v1.metrics();
      Map<String, Long> custom = metrics.customMetrics();
      assertThat(custom.get("rocksdbSstBytes")).isGreaterThan(0);
      assertThat(custom.get("rocksdbBlockCacheShareBytes")).as("blocks read into the shared cache").isGreaterThan(0);
      assertThat(metrics.memoryUsedBytes()).isGreaterThanOrEqualTo(custom.get("rocksdbBlockCacheShareBytes"));
      assertThat(custom.get("rocksdbGetCount")).isGreaterThanOrEqualTo(2000);
      assertThat(custom.get("rocksdbBlockCacheHit") + custom.get("rocksdbBlockCacheMiss")).isGreaterThan(0);
      assertThat(custom).containsKeys("rocksdbCommitWriteChangelogMs", "rocksdbCommitUploadMs", "rocksdbSnapshotFlushMs",
          "rocksdbSnapshotUploadMs", "rocksdbLoadTimeMs", "rocksdbGetLatencyAvgNanos", "rocksdbWriteLatencyAvgMicros", "rocksdbSnapshotsDeferred");
    }
    provider.close();
  }

  @Test
  void aDamagedChangelogFailsNamingIt() throws Exception {
    Path checkpoint = checkpoint();
    RocksDbStateStoreProvider writer = TestStores.provider(checkpoint, options("local"));
    TestStores.commitKeys(writer, 0, "k", 10, "v");
    writer.close();
    Path changelog = store(checkpoint).resolve("1.changelog");
    byte[] bytes = Files.readAllBytes(changelog);
    // The value of the last record: 4 checksum, 16 trailer and 1 end-marker bytes before the end.
    bytes[bytes.length - 22] ^= 0x10;
    Files.write(changelog, bytes);
    RocksDbStateStoreProvider reader = TestStores.provider(checkpoint, options("local"));
    assertThatThrownBy(() -> reader.getReadStore(1)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("1.changelog").hasMessageContaining("checksum");
    reader.close();
  }

  @Test
  void aMissingSstFailsNamingItAndTheManifest() throws Exception {
    Path checkpoint = checkpoint();
    RocksDbStateStoreProvider writer = TestStores.provider(checkpoint,
        options("local", RocksDbStateOptions.COMMIT_SNAPSHOT_INTERVAL, "1"));
    TestStores.commitKeys(writer, 0, "k", 10, "v");
    writer.close();
    Path sst;
    try (Stream<Path> ssts = Files.list(store(checkpoint).resolve("sst"))) {
      sst = ssts.findFirst().orElseThrow();
    }
    Files.delete(sst);
    Files.delete(store(checkpoint).resolve("1.changelog"));
    RocksDbStateStoreProvider reader = TestStores.provider(checkpoint, options("local"));
    assertThatThrownBy(() -> reader.getReadStore(1)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(sst.getFileName().toString()).hasMessageContaining("1.snapshot");
    reader.close();
  }

  @Test
  void anUnknownOptionIsRefusedWithTheKnownOnes() throws Exception {
    Path checkpoint = checkpoint();
    assertThatThrownBy(() -> TestStores.provider(checkpoint, options("local", "millrace.state.rocksdb.maxMemoryGB", "1")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("millrace.state.rocksdb.maxMemoryGB")
        .hasMessageContaining(RocksDbStateOptions.MAX_MEMORY_MB);
    RocksDbStateStoreProvider other = TestStores.provider(checkpoint, options("local", "millrace.state.hdfs.x", "1"));
    other.close();
  }

  @Test
  void retentionKeepsWhatTheNewestVersionsNeedAndNothingElse() throws Exception {
    Path checkpoint = checkpoint();
    Map<String, String> opts = options("local", RocksDbStateOptions.MIN_BATCHES_TO_RETAIN, "3",
        RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "2");
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, opts);
    for (int v = 0; v < 9; v++) {
      TestStores.commitKeys(provider, v, "v" + v + "-", 200, "x");
      provider.doMaintenance();
    }
    provider.close();
    List<String> names;
    try (Stream<Path> files = Files.list(store(checkpoint))) {
      names = files.map(p -> p.getFileName().toString()).sorted().toList();
    }
    // Snapshots at 2, 4, 6, 8; the newest 3 versions (7..9) load from snapshot 6.
    assertThat(names).containsExactly("6.snapshot", "7.changelog", "8.changelog", "8.snapshot", "9.changelog", "sst");
    RocksDbStateStoreProvider fresh = TestStores.provider(checkpoint, opts);
    try (ReadStateStore v7 = fresh.getReadStore(7)) {
      assertThat(v7.metrics().numKeys()).isEqualTo(1400);
    }
    assertThatThrownBy(() -> fresh.getReadStore(5)).hasMessageContaining("5.changelog");
    fresh.close();
  }

  @Test
  void aCrashDuringMaintenanceLeavesEveryVersionLoadable() throws Exception {
    Path checkpoint = checkpoint();
    CrashAt crash = CrashAt.point(FaultPoint.DURING_MAINTENANCE);
    RocksDbStateStoreProvider doomed = TestStores.provider(checkpoint,
        options("local", RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"), crash);
    TestStores.commitKeys(doomed, 0, "k", 100, "v");
    assertThatThrownBy(doomed::doMaintenance).isInstanceOf(SimulatedCrash.class);
    assertThat(crash.fired()).isTrue();
    assertThat(Files.exists(store(checkpoint).resolve("1.snapshot"))).as("the manifest is the commit point").isFalse();
    RocksDbStateStoreProvider fresh = TestStores.provider(checkpoint, options("local2"));
    try (ReadStateStore v1 = fresh.getReadStore(1)) {
      assertThat(v1.metrics().numKeys()).isEqualTo(100);
    }
    fresh.close();
  }
}
