package io.millrace.state.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreMetrics;
import io.millrace.spi.state.StateVersionNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Provider behaviour beyond the TCK: no copies, measured memory, metrics, retries, maintenance, options. */
class HdfsStateStoreProviderTest {
  @TempDir
  Path dir;

  @Test
  void getStoreSharesTheCachedVersionAndLeavesItUnchangedUntilCommit() {
    HdfsStateStoreProvider provider = TestStores.provider(dir, Map.of());
    TestStores.commitKeys(provider, 0, "k", 100_000, "v");
    StateStore store = provider.getStore(1);
    HdfsStateStore hdfs = (HdfsStateStore) store;
    assertEquals(0, hdfs.editor().nodesCreated(), "getStore copied nodes");
    assertSame(((HdfsStateStore) provider.getStore(1)).editor().base(), hdfs.editor().base(), "two stores of one version"
        + " do not share the cached map");
    for (int i = 0; i < 1000; i++) {
      store.put(TestStores.bytes("k" + i), TestStores.bytes("changed"));
    }
    try (ReadStateStore reader = provider.getReadStore(1)) {
      assertArrayEquals(TestStores.bytes("v"), reader.get(TestStores.bytes("k5")), "version 1 saw an uncommitted write");
    }
    assertEquals(2, store.commit());
    assertArrayEquals(TestStores.bytes("v"), provider.getReadStore(1).get(TestStores.bytes("k5")), "version 1 changed");
    assertArrayEquals(TestStores.bytes("changed"), provider.getReadStore(2).get(TestStores.bytes("k5")));
  }

  @Test
  void memoryCountsEveryCachedVersionOnceAsMeasured() {
    HdfsStateStoreProvider provider = TestStores.provider(dir, Map.of());
    TestStores.commitKeys(provider, 0, "k", 5_000, "first");
    TestStores.commitKeys(provider, 1, "k", 50, "second");
    ReadStateStore one = provider.getReadStore(1);
    ReadStateStore two = provider.getReadStore(2);
    StateMap v1 = ((HdfsStateStore) provider.getStore(1)).editor().base();
    StateMap v2 = ((HdfsStateStore) provider.getStore(2)).editor().base();
    long measured = Measure.bytes(v1, v2);
    assertEquals(measured, two.metrics().memoryUsedBytes(), "memoryUsedBytes of two cached versions");
    assertEquals(measured, one.metrics().memoryUsedBytes());
    assertTrue(measured < Measure.bytes(v1) + Measure.bytes(v2), "shared nodes were counted twice");
    StateStore open = provider.getStore(2);
    open.put(TestStores.bytes("extra"), new byte[1000]);
    open.remove(TestStores.bytes("k7"));
    open.put(TestStores.bytes("k8"), TestStores.bytes("third"));
    long openBytes = open.metrics().memoryUsedBytes();
    assertTrue(openBytes >= measured + 1000, "an open store's writes are not counted");
    StateMap edited = ((HdfsStateStore) open).editor().current();
    assertEquals(measured + Measure.bytes(v2, edited) - Measure.bytes(v2), openBytes, "an open store's own bytes as measured");
  }

  @Test
  void metricsCountCacheHitsMissesBytesAndLoads() {
    HdfsStateStoreProvider writer = TestStores.provider(dir, Map.of());
    TestStores.commitKeys(writer, 0, "k", 100, "v");
    TestStores.commitKeys(writer, 1, "k", 10, "w");
    StateStoreMetrics afterCommits = writer.getReadStore(2).metrics();
    assertTrue(afterCommits.customMetrics().get("deltaBytesWritten") > 0);
    assertEquals(0, afterCommits.customMetrics().get("loadedMapCacheMissCount"));
    // getStore(1) for the second commit and getReadStore(2) here: both served by the cache.
    assertEquals(2, afterCommits.customMetrics().get("loadedMapCacheHitCount"));
    assertEquals(100, afterCommits.numKeys());

    HdfsStateStoreProvider reader = TestStores.provider(dir, Map.of());
    reader.getReadStore(2);
    StateStoreMetrics afterLoad = reader.getReadStore(2).metrics();
    assertEquals(1, afterLoad.customMetrics().get("loadedMapCacheMissCount"));
    assertEquals(1, afterLoad.customMetrics().get("loadedMapCacheHitCount"));
    assertEquals(2, afterLoad.customMetrics().get("stateFilesRead"));
    assertTrue(afterLoad.customMetrics().containsKey("loadTimeMs"));

    HdfsStateStoreProvider snapshotting = TestStores.provider(dir, Map.of(HdfsStateOptions.COMMIT_SNAPSHOT_INTERVAL, "1"));
    TestStores.commitKeys(snapshotting, 2, "s", 10, "x");
    assertTrue(snapshotting.getReadStore(3).metrics().customMetrics().get("snapshotBytesWritten") > 0);
  }

  @Test
  void aReplayWithOtherChangesKeepsThePublishedVersionAndCountsIt() {
    HdfsStateStoreProvider provider = TestStores.provider(dir, Map.of());
    TestStores.commitKeys(provider, 0, "k", 3, "first");
    HdfsStateStoreProvider replay = TestStores.provider(dir, Map.of());
    StateStore store = replay.getStore(0);
    store.put(TestStores.bytes("k0"), TestStores.bytes("other"));
    assertEquals(1, store.commit());
    assertArrayEquals(TestStores.bytes("first"), store.get(TestStores.bytes("k0")), "the committed store reads the"
        + " published version");
    assertArrayEquals(TestStores.bytes("first"), replay.getReadStore(1).get(TestStores.bytes("k0")));
    assertEquals(1, replay.getReadStore(1).metrics().customMetrics().get("replayedCommitsWithDifferentContent"));
    assertArrayEquals(TestStores.bytes("first"), TestStores.provider(dir, Map.of()).getReadStore(1).get(TestStores.bytes("k0")));
  }

  @Test
  void aReplayOnAVersionReadFromFilesMatchesTheCommitOnTheCachedVersion() {
    byte[] seen = TestStores.bytes("seen"); // kept by the store as given, under every key
    HdfsStateStoreProvider provider = TestStores.provider(dir, Map.of());
    StateStore first = provider.getStore(0);
    for (int i = 0; i < 100; i++) {
      first.put(TestStores.bytes("k" + i), seen);
    }
    first.commit();
    for (HdfsStateStoreProvider p : List.of(provider, TestStores.provider(dir, Map.of()))) {
      StateStore store = p.getStore(1);
      store.put(TestStores.bytes("k5"), seen);
      store.put(TestStores.bytes("new"), seen);
      store.remove(TestStores.bytes("k6"));
      assertEquals(2, store.commit());
      assertEquals(0, p.getReadStore(2).metrics().customMetrics().get("replayedCommitsWithDifferentContent"),
          "a replay on version 1 read from files differed from the commit on the cached version 1");
    }
    assertEquals(100, TestStores.provider(dir, Map.of()).getReadStore(2).metrics().numKeys());
  }

  @Test
  void maintenanceSnapshotsAfterEnoughDeltasAndDeletesWhatNoRetainedVersionNeeds() throws Exception {
    Map<String, String> options = Map.of(HdfsStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "3", HdfsStateOptions.MIN_BATCHES_TO_RETAIN, "2");
    HdfsStateStoreProvider provider = TestStores.provider(dir, options);
    for (long v = 0; v < 8; v++) {
      TestStores.commitKeys(provider, v, "k" + v + "-", 5, "v");
      provider.doMaintenance();
    }
    Path store = Path.of(TestStores.id(dir).storePath());
    // Snapshots at 3 and 6; versions 7 and 8 are retained and start from snapshot 6.
    assertTrue(Files.exists(store.resolve("6.snapshot")));
    assertFalse(Files.exists(store.resolve("3.snapshot")), "a snapshot no retained version needs was kept");
    assertFalse(Files.exists(store.resolve("5.delta")));
    HdfsStateStoreProvider fresh = TestStores.provider(dir, options);
    assertEquals(40, fresh.getReadStore(8).metrics().numKeys());
    assertEquals(35, fresh.getReadStore(7).metrics().numKeys());
    StateVersionNotFoundException gone = assertThrows(StateVersionNotFoundException.class, () -> fresh.getReadStore(4));
    assertEquals(4, gone.version());
    assertTrue(gone.filesLookedFor().stream().anyMatch(f -> f.endsWith("4.delta")), gone.getMessage());
  }

  @Test
  void maintenanceFailureOfOneStoreLeavesAnotherWorking() throws Exception {
    HdfsStateStoreProvider healthy = TestStores.provider(dir.resolve("a"), Map.of(HdfsStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"));
    HdfsStateStoreProvider broken = TestStores.provider(dir.resolve("b"), Map.of(HdfsStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"));
    TestStores.commitKeys(healthy, 0, "k", 5, "v");
    TestStores.commitKeys(broken, 0, "k", 5, "v");
    Path brokenStore = Path.of(TestStores.id(dir.resolve("b")).storePath());
    Files.write(brokenStore.resolve("1.delta"), new byte[] {1, 2, 3});
    HdfsStateStoreProvider brokenFresh = TestStores.provider(dir.resolve("b"), Map.of(HdfsStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"));
    assertThrows(RuntimeException.class, brokenFresh::doMaintenance);
    healthy.doMaintenance();
    assertTrue(Files.exists(Path.of(TestStores.id(dir.resolve("a")).storePath()).resolve("1.snapshot")));
    assertEquals(2, TestStores.commitKeys(healthy, 1, "m", 1, "v"));
  }

  @Test
  void removedKeysAndEmptyVersionsReload() {
    HdfsStateStoreProvider provider = TestStores.provider(dir, Map.of());
    TestStores.commitKeys(provider, 0, "k", 3, "v");
    StateStore store = provider.getStore(1);
    store.remove(TestStores.bytes("k1"));
    store.commit();
    HdfsStateStoreProvider fresh = TestStores.provider(dir, Map.of(HdfsStateOptions.MAX_VERSIONS_TO_RETAIN_IN_MEMORY, "0"));
    assertNull(fresh.getReadStore(2).get(TestStores.bytes("k1")));
    assertEquals(2, fresh.getReadStore(2).metrics().numKeys());
  }

  @Test
  void badOptionsFailAtInitNamingTheOption() {
    for (Map.Entry<String, String> bad : Map.of(
        HdfsStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "-1",
        HdfsStateOptions.MAX_VERSIONS_TO_RETAIN_IN_MEMORY, "many",
        HdfsStateOptions.MAINTENANCE_INTERVAL, "soon",
        HdfsStateOptions.COMPRESSION_CODEC, "gzip",
        HdfsStateOptions.MIN_BATCHES_TO_RETAIN, "0").entrySet()) {
      InvalidOptionException e = assertThrows(InvalidOptionException.class,
          () -> TestStores.provider(dir, Map.of(bad.getKey(), bad.getValue())), bad.toString());
      assertTrue(e.getMessage().contains(bad.getKey()) && e.getMessage().contains(bad.getValue()), e.getMessage());
    }
    HdfsStateStoreProvider provider = TestStores.provider(dir, Map.of(HdfsStateOptions.MAINTENANCE_INTERVAL, "30s",
        HdfsStateOptions.COMPRESSION_CODEC, "ZSTD"));
    assertEquals(java.time.Duration.ofSeconds(30), provider.maintenanceInterval());
    assertEquals(HdfsStateOptions.CompressionCodecName.ZSTD, provider.options().compressionCodec());
  }

  @Test
  void theFactoryIsFoundByServiceLoaderAsHdfs() {
    boolean found = false;
    for (var factory : java.util.ServiceLoader.load(io.millrace.spi.state.StateStoreProviderFactory.class)) {
      found |= factory.name().equals("hdfs") && factory instanceof HdfsStateStoreProviderFactory
          && factory.spiVersion().equals(io.millrace.spi.Spi.VERSION);
    }
    assertTrue(found);
  }
}
