package io.millrace.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store writes its version straight into the local DB and streams its changelog (what the TCK
 * cannot see): the writes are in RocksDB before the commit, a snapshot never holds uncommitted
 * writes and never waits for them, a key written several times in a batch ends with its last value, and changelogs of
 * the earlier sorted format still load.
 */
class DirectWriteTest {
  @TempDir
  Path root;

  private Map<String, String> local(String name) {
    return Map.of(RocksDbStateOptions.LOCAL_DIR, root.resolve(name).toString(),
        RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1");
  }

  private Path checkpoint() throws Exception {
    return Files.createDirectories(root.resolve("checkpoint"));
  }

  @Test
  void uncommittedWritesAreInRocksDbNotOnTheHeap() throws Exception {
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint(), local("local"));
    TestStores.commitKeys(provider, 0, "k", 10, "v");
    try (StateStore writer = provider.getStore(1)) {
      for (int i = 0; i < 20_000; i++) {
        writer.put(TestStores.bytes("w" + i), TestStores.bytes("some value of a few bytes"));
      }
      Map<String, Long> custom = writer.metrics().customMetrics();
      assertThat(custom.get("rocksdbWriteCount")).as("version 1 in one write, then the puts 4,096 a write as they come")
          .isEqualTo(1 + 20_000 / 4096);
      assertThat(custom.get("rocksdbMemTableBytes")).as("the batch's writes in RocksDB's memtable").isGreaterThan(400_000);
      assertThat(custom.get("rocksdbPendingWriteBytes")).isGreaterThan(20_000L * 25);
      writer.abort();
    }
    try (StateStore again = provider.getStore(1)) {
      assertThat(again.metrics().numKeys()).as("the aborted writes are gone").isEqualTo(10);
      assertThat(again.get(TestStores.bytes("w0"))).isNull();
      again.abort();
    }
    provider.close();
  }

  @Test
  void maintenanceDuringAWriteLeavesTheCheckpointToItsCommitAndNoSnapshotHoldsUncommittedWrites() throws Exception {
    Path checkpoint = checkpoint();
    Path store = Path.of(TestStores.id(checkpoint).storePath());
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, local("local"));
    TestStores.commitKeys(provider, 0, "k", 100, "v");

    StateStore aborted = provider.getStore(1);
    aborted.put(TestStores.bytes("junk"), TestStores.bytes("never committed"));
    provider.doMaintenance(); // a write is under way: no snapshot now, and no waiting for it
    assertThat(Files.exists(store.resolve("1.snapshot"))).as("no snapshot holds a write under way").isFalse();
    assertThat(deferred(aborted)).isEqualTo(1);
    aborted.abort();

    StateStore committed = provider.getStore(1);
    committed.put(TestStores.bytes("kept"), TestStores.bytes("committed"));
    provider.doMaintenance();
    assertThat(deferred(committed)).isEqualTo(2);
    assertThat(committed.commit()).as("the commit takes the local checkpoint maintenance asked for").isEqualTo(2);
    assertThat(Files.exists(store.resolve("2.snapshot"))).as("uploaded by maintenance, not by the commit").isFalse();
    provider.doMaintenance();
    assertThat(Files.exists(store.resolve("2.snapshot"))).isTrue();
    provider.close();

    Files.delete(store.resolve("2.changelog")); // version 2 now loads from its snapshot alone
    RocksDbStateStoreProvider fresh = TestStores.provider(checkpoint, local("local2"));
    try (ReadStateStore v2 = fresh.getReadStore(2)) {
      assertThat(v2.metrics().customMetrics().get("rocksdbChangelogsReplayed")).isZero();
      assertThat(v2.get(TestStores.bytes("kept"))).isNotNull();
      assertThat(v2.get(TestStores.bytes("junk"))).as("the aborted write is in no snapshot").isNull();
      assertThat(v2.metrics().numKeys()).isEqualTo(101);
    }
    fresh.close();
  }

  /**
   * An operator reads each key's range, then writes it, key after key: the changes buffered so
   * far lie before the next range, which is walked without putting them in the DB first. A walk
   * over a range holding a buffered change, at either end of it, puts them in first and sees it.
   */
  @Test
  void aWalkPutsTheBufferedChangesInTheDbOnlyWhenOneLiesInItsRange() throws Exception {
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint(), local("local"));
    TestStores.commitKeys(provider, 0, "k", 10, "v");
    try (StateStore writer = provider.getStore(1)) {
      long writes = writes(writer);
      writer.put(TestStores.bytes("b"), TestStores.bytes("1"));
      assertThat(keys(writer.prefixScan(TestStores.bytes("c")))).isEmpty();
      assertThat(keys(writer.range(TestStores.bytes("b\0"), TestStores.bytes("k1")))).as("from just past b")
          .containsExactly("k0");
      assertThat(keys(writer.range(TestStores.bytes("a"), TestStores.bytes("b")))).as("up to b, not b").isEmpty();
      assertThat(writes(writer)).as("no buffered change in those ranges: none written").isEqualTo(writes);

      assertThat(keys(writer.prefixScan(TestStores.bytes("b")))).as("from b, the buffered key").containsExactly("b");
      assertThat(writes(writer)).isEqualTo(writes + 1);

      writer.put(TestStores.bytes("z"), TestStores.bytes("1"));
      writer.remove(TestStores.bytes("k5"));
      assertThat(keys(writer.range(TestStores.bytes("k4"), TestStores.bytes("k6")))).containsExactly("k4");
      assertThat(writes(writer)).isEqualTo(writes + 2);
      writer.put(TestStores.bytes("z"), TestStores.bytes("2"));
      writer.put(TestStores.bytes("k0"), TestStores.bytes("2"));
      assertThat(keys(writer.range(TestStores.bytes("k6"), TestStores.bytes("y")))).containsExactly("k6", "k7", "k8",
          "k9");
      assertThat(writes(writer)).as("k0 and z lie around [k6, y): the changes may be in it").isEqualTo(writes + 3);

      writer.put(TestStores.bytes("k3"), TestStores.bytes("2"));
      writer.put(TestStores.bytes("x"), TestStores.bytes("1"));
      assertThat(keys(writer.range(TestStores.bytes("w"), TestStores.bytes("y")))).containsExactly("x");
      assertThat(keys(writer.range(TestStores.bytes("a"), TestStores.bytes("k3\0")))).as("to just past k3")
          .containsExactly("b", "k0", "k1", "k2", "k3");
      assertThat(writes(writer)).isEqualTo(writes + 4);
      Iterator<KeyValue> before = writer.iterator();
      writer.put(TestStores.bytes("a"), TestStores.bytes("1"));
      assertThat(keys(writer.iterator())).as("every key: the new one with them").startsWith("a", "b").hasSize(13);
      assertThat(keys(before)).as("an iterator sees no write made after it").startsWith("b").hasSize(12);
      writer.abort();
    }
    provider.close();
  }

  /**
   * Range reads going forward over the keys, each key's range read and then written, walk on one
   * iterator: a read starting where the last one stopped seeks nothing. A write since the
   * iterator was made, at or after where a read starts, makes that read start on a new iterator,
   * which sees the write; so does a read going back, and one made while another walk is under way.
   */
  @Test
  void forwardRangeReadsWalkOnOneIteratorWhileNoWriteLiesAhead() throws Exception {
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint(), local("local"));
    TestStores.commitKeys(provider, 0, "k", 10, "v");
    try (StateStore writer = provider.getStore(1)) {
      long seeks = seeks(writer);
      assertThat(entries(writer.range(TestStores.bytes("k0"), TestStores.bytes("k1")))).containsExactly("k0=v");
      writer.put(TestStores.bytes("k0"), TestStores.bytes("w0"));
      assertThat(entries(writer.range(TestStores.bytes("k1"), TestStores.bytes("k2")))).containsExactly("k1=v");
      writer.put(TestStores.bytes("k1"), TestStores.bytes("w1"));
      assertThat(seeks(writer)).as("the first read, then the first going forward").isEqualTo(seeks + 2);
      assertThat(entries(writer.range(TestStores.bytes("k2"), TestStores.bytes("k3")))).containsExactly("k2=v");
      writer.remove(TestStores.bytes("k2"));
      assertThat(entries(writer.range(TestStores.bytes("k3"), TestStores.bytes("k3\0")))).containsExactly("k3=v");
      assertThat(seeks(writer)).as("each from where the last stopped").isEqualTo(seeks + 2);
      assertThat(entries(writer.range(TestStores.bytes("k5"), TestStores.bytes("k6")))).as("over k4")
          .containsExactly("k5=v");
      assertThat(seeks(writer)).isEqualTo(seeks + 3);

      writer.put(TestStores.bytes("k7"), TestStores.bytes("w7"));
      writer.put(TestStores.bytes("k6"), TestStores.bytes("w6"));
      assertThat(entries(writer.range(TestStores.bytes("k6"), TestStores.bytes("k8")))).as("written ahead since")
          .containsExactly("k6=w6", "k7=w7");
      assertThat(seeks(writer)).isEqualTo(seeks + 4);
      assertThat(entries(writer.range(TestStores.bytes("k1"), TestStores.bytes("k3")))).as("going back")
          .containsExactly("k1=w1");

      Iterator<KeyValue> under = writer.range(TestStores.bytes("k8"), TestStores.bytes("l"));
      assertThat(under.next().key()).isEqualTo(TestStores.bytes("k8"));
      writer.put(TestStores.bytes("k9"), TestStores.bytes("w9"));
      assertThat(entries(writer.range(TestStores.bytes("k9"), TestStores.bytes("l")))).as("while a walk is under way")
          .containsExactly("k9=w9");
      assertThat(entries(under)).as("the walk sees no write made after it").containsExactly("k9=v");
      writer.abort();
    }
    provider.close();
  }

  /**
   * A commit whose memtable holds as many deletions as the store holds keys, and at least
   * {@link LocalDb#FLUSH_AT_DELETIONS}, flushes it, so that range reads stop stepping over them;
   * one that deletes less does not, nor does a small store. The flush changes no data, here nor
   * in the checkpoint.
   */
  @Test
  void aCommitFlushesAMemtableHoldingAsManyDeletionsAsTheStoreHoldsKeys() throws Exception {
    Path checkpoint = checkpoint();
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, local("local"));
    TestStores.commitKeys(provider, 0, "k", 3000, "v");
    removeAndCommit(provider, 1, 0, 1200);
    assertThat(deletionFlushes(provider, 2)).as("1,200 deletions, 1,800 keys").isZero();
    removeAndCommit(provider, 2, 1200, 1800);
    assertThat(deletionFlushes(provider, 3)).as("1,800 deletions since the last flush, 1,200 keys").isEqualTo(1);
    try (StateStore v3 = provider.getStore(3)) {
      v3.put(TestStores.bytes("k2999"), TestStores.bytes("w"));
      v3.commit();
    }
    assertThat(deletionFlushes(provider, 4)).as("no deletion since").isEqualTo(1);
    try (StateStore v4 = provider.getStore(4)) {
      List<String> left = entries(v4.range(TestStores.bytes("k"), TestStores.bytes("l")));
      assertThat(left).hasSize(1200).contains("k1800=v", "k2998=v", "k2999=w").doesNotContain("k1799=v", "k0=v");
      assertThat(v4.metrics().numKeys()).isEqualTo(1200);
      v4.abort();
    }
    provider.close();
    RocksDbStateStoreProvider fresh = TestStores.provider(checkpoint, local("local2"));
    try (ReadStateStore v4 = fresh.getReadStore(4)) {
      assertThat(entries(v4.range(TestStores.bytes("k"), TestStores.bytes("l")))).hasSize(1200)
          .contains("k1800=v", "k2999=w");
    }
    fresh.close();

    RocksDbStateStoreProvider small = TestStores.provider(Files.createDirectories(root.resolve("small")), local("small"));
    TestStores.commitKeys(small, 0, "k", 10, "v");
    removeAndCommit(small, 1, 0, 10);
    assertThat(deletionFlushes(small, 2)).as("10 deletions, no key left").isZero();
    small.close();
  }

  /** Removes keys {@code k<from>} to {@code k<to - 1>} and commits. */
  private static void removeAndCommit(RocksDbStateStoreProvider provider, long version, int from, int to) {
    try (StateStore store = provider.getStore(version)) {
      for (int i = from; i < to; i++) {
        store.remove(TestStores.bytes("k" + i));
      }
      store.commit();
    }
  }

  private static long deletionFlushes(RocksDbStateStoreProvider provider, long version) {
    try (StateStore store = provider.getStore(version)) {
      long flushes = store.metrics().customMetrics().get("rocksdbDeletionFlushes");
      store.abort();
      return flushes;
    }
  }

  /** A walk closed before its end frees the iterator for the next read, which goes on from past what it returned. */
  @Test
  void aWalkClosedBeforeItsEndLetsTheNextReadWalkOn() throws Exception {
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint(), local("local"));
    TestStores.commitKeys(provider, 0, "k", 10, "v");
    try (StateStore writer = provider.getStore(1)) {
      assertThat(entries(writer.range(TestStores.bytes("k0"), TestStores.bytes("k1")))).containsExactly("k0=v");
      Iterator<KeyValue> left = writer.range(TestStores.bytes("k1"), TestStores.bytes("k5"));
      assertThat(left.next().key()).isEqualTo(TestStores.bytes("k1"));
      ((AutoCloseable) left).close();
      long seeks = seeks(writer);
      assertThat(entries(writer.range(TestStores.bytes("k2"), TestStores.bytes("k4")))).containsExactly("k2=v", "k3=v");
      assertThat(seeks(writer)).as("on from k2, where the closed walk was").isEqualTo(seeks);
      assertThat(entries(writer.range(TestStores.bytes("k1"), TestStores.bytes("k2")))).as("k1, behind it")
          .containsExactly("k1=v");
      writer.abort();
    }
    provider.close();
  }

  /** A walk on the store's iterator that reads on outlives the store's commit, as its other iterators do. */
  @Test
  void aWalkUnderWayOutlivesItsStoresCommit() throws Exception {
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint(), local("local"));
    TestStores.commitKeys(provider, 0, "k", 10, "v");
    Iterator<KeyValue> under;
    try (StateStore writer = provider.getStore(1)) {
      assertThat(entries(writer.range(TestStores.bytes("k0"), TestStores.bytes("k1")))).containsExactly("k0=v");
      long seeks = seeks(writer);
      assertThat(entries(writer.range(TestStores.bytes("k1"), TestStores.bytes("k2")))).containsExactly("k1=v");
      under = writer.range(TestStores.bytes("k2"), TestStores.bytes("l"));
      assertThat(under.next().key()).isEqualTo(TestStores.bytes("k2"));
      assertThat(seeks(writer)).as("both on the one iterator").isEqualTo(seeks + 1);
      writer.put(TestStores.bytes("k5"), TestStores.bytes("w"));
      writer.commit();
    }
    assertThat(entries(under)).containsExactly("k3=v", "k4=v", "k5=v", "k6=v", "k7=v", "k8=v", "k9=v");
    try (StateStore next = provider.getStore(2)) {
      assertThat(TestStores.text(next.get(TestStores.bytes("k5")))).isEqualTo("w");
      next.abort();
    }
    provider.close();
  }

  private static long seeks(StateStore store) {
    return store.metrics().customMetrics().get("rocksdbSeekCount");
  }

  private static List<String> entries(Iterator<KeyValue> it) {
    List<String> entries = new ArrayList<>();
    it.forEachRemaining(kv -> entries.add(TestStores.text(kv.key()) + "=" + TestStores.text(kv.value())));
    return entries;
  }

  private static long writes(StateStore store) {
    return store.metrics().customMetrics().get("rocksdbWriteCount");
  }

  private static List<String> keys(Iterator<KeyValue> it) {
    List<String> keys = new ArrayList<>();
    it.forEachRemaining(kv -> keys.add(TestStores.text(kv.key())));
    return keys;
  }

  @Test
  void aKeyWrittenSeveralTimesInABatchEndsWithItsLastWrite() throws Exception {
    Path checkpoint = checkpoint();
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, local("local"));
    try (StateStore store = provider.getStore(0)) {
      store.put(TestStores.bytes("a"), TestStores.bytes("1"));
      store.put(TestStores.bytes("b"), TestStores.bytes("1"));
      store.put(TestStores.bytes("a"), TestStores.bytes("2"));
      store.remove(TestStores.bytes("b"));
      store.put(TestStores.bytes("c"), TestStores.bytes("1"));
      store.remove(TestStores.bytes("c"));
      store.put(TestStores.bytes("c"), TestStores.bytes("3"));
      store.commit();
    }
    provider.close();
    RocksDbStateStoreProvider fresh = TestStores.provider(checkpoint, local("local2"));
    try (ReadStateStore v1 = fresh.getReadStore(1)) {
      assertThat(TestStores.text(v1.get(TestStores.bytes("a")))).isEqualTo("2");
      assertThat(v1.get(TestStores.bytes("b"))).isNull();
      assertThat(TestStores.text(v1.get(TestStores.bytes("c")))).isEqualTo("3");
      assertThat(v1.metrics().numKeys()).isEqualTo(2);
    }
    fresh.close();
  }

  @Test
  void aChangelogOfTheEarlierSortedFormatStillLoads() throws Exception {
    Path checkpoint = checkpoint();
    Path store = Files.createDirectories(Path.of(TestStores.id(checkpoint).storePath()));
    Files.write(store.resolve("1.changelog"), sortedFormatChangelog(1, 2, "a", "1", "b", "2"));
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, local("local"));
    try (ReadStateStore v1 = provider.getReadStore(1)) {
      assertThat(TestStores.text(v1.get(TestStores.bytes("a")))).isEqualTo("1");
      assertThat(TestStores.text(v1.get(TestStores.bytes("b")))).isEqualTo("2");
      assertThat(v1.metrics().numKeys()).isEqualTo(2);
    }
    provider.close();
  }

  private static long deferred(StateStore store) {
    return store.metrics().customMetrics().get("rocksdbSnapshotsDeferred");
  }

  /** Format 1 as releases before this one wrote it: puts in key order, trailer, CRC32C. */
  private static byte[] sortedFormatChangelog(long version, long numKeys, String... keyValues) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.write(ChangelogFormat.MAGIC);
    out.writeByte(ChangelogFormat.SORTED_FORMAT);
    out.writeLong(version);
    for (int i = 0; i < keyValues.length; i += 2) {
      byte[] key = TestStores.bytes(keyValues[i]);
      byte[] value = TestStores.bytes(keyValues[i + 1]);
      out.writeByte(1);
      out.writeInt(key.length);
      out.write(key);
      out.writeInt(value.length);
      out.write(value);
    }
    out.writeByte(0);
    out.writeLong(keyValues.length / 2);
    out.writeLong(numKeys);
    out.flush();
    CRC32C crc = new CRC32C();
    crc.update(bytes.toByteArray());
    out.writeInt((int) crc.getValue());
    return bytes.toByteArray();
  }
}
