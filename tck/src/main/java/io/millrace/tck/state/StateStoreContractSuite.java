package io.millrace.tck.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStore.Presence;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.tck.Capability;
import io.millrace.tck.Tck;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link io.millrace.spi.state.StateStoreProvider}, rules T01 to T25.
 *
 * <p>To run it on your state store, extend it in your plugin's tests and return a kit:
 * <pre>{@code
 * class MyStateStoreContractTest extends StateStoreContractSuite {
 *   @Override
 *   protected StateStoreKit kit() {
 *     return new StateStoreKit() {
 *       public StateStoreProviderFactory factory() { return new MyStateStoreFactory(); }
 *       public Optional<Map<String, String>> snapshotEveryVersion() {
 *         return Optional.of(Map.of("millrace.state.my.minDeltasForSnapshot", "1"));
 *       }
 *       // deltasOnly(), retainVersions(n), noCache(): each knob you have; the rest skip with a reason
 *     };
 *   }
 * }
 * }</pre>
 *
 * <p>Every rule works on a fresh checkpoint from {@link StateStoreKit#checkpointRoot()} and
 * reads results back through a <em>fresh</em> provider (a new instance from the factory,
 * initialised with the same {@code StateStoreId}), as a restarted task would. Keys and values
 * are small UTF-8 strings; the schemas given to {@code init} are {@code key STRING} and
 * {@code value STRING}. Crashes are {@link io.millrace.tck.SimulatedCrash}es thrown from the
 * storage the provider is given or from its fault injector; the crashed provider is then
 * dropped; T24 halts a child JVM instead (see {@link StateStoreKit}). Providers are closed only at
 * the end of a rule, except in T05, which closes one on purpose. Randomised rules print the
 * seed to rerun them with.
 */
public abstract class StateStoreContractSuite {
  private StateHarness harness;

  /** The plugin under test and its knobs; called once before each rule. */
  protected abstract StateStoreKit kit();

  @BeforeEach
  void openHarness() {
    harness = new StateHarness(kit());
  }

  @AfterEach
  void closeHarness() {
    harness.close();
  }

  private Map<String, String> knob(Optional<Map<String, String>> knob, String rule, String method) {
    Capability.require(knob.isPresent(), rule + " needs StateStoreKit." + method + ", which the kit does not offer");
    return knob.orElseThrow();
  }

  @Test
  @DisplayName("T01 commit returns v+1 and leaves version v unchanged")
  void t01_commitReturnsNextVersionAndLeavesPreviousUnchanged() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    StateStore first = provider.getStore(0);
    assertEquals(0, first.version(), "T01: getStore(0).version()");
    Change.applyAll(List.of(Change.put("a", "1"), Change.put("b", "2")), first);
    assertFalse(first.hasCommitted(), "T01: hasCommitted() is true before commit()");
    assertEquals(1, first.commit(), "T01: commit() of a store of version 0");
    assertTrue(first.hasCommitted(), "T01: hasCommitted() is false after commit() returned");
    history.record(List.of(Change.put("a", "1"), Change.put("b", "2")));
    history.commit("T01", provider, List.of(Change.put("a", "10"), Change.remove("b"), Change.put("c", "3")));
    history.check("T01", "read by the provider that has just committed version 2 from it", provider, 1);
    history.commit("T01", provider, List.of());
    history.check("T01", "read by the provider that has just committed an empty version 3 from it", provider, 2);
    history.checkAll("T01", "read by the provider that committed it", provider);
    history.checkAll("T01", "read by a fresh provider", harness.fresh(id));
  }

  @Test
  @DisplayName("T02 abort leaves no version, no visible write and no file behind")
  void t02_abortLeavesNothing() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    history.commit("T02", provider, List.of(Change.put("a", "1"), Change.put("b", "2")));
    TreeMap<String, Long> before = StoreFiles.list(harness.storage(), id.storePath());
    StateStore store = provider.getStore(1);
    Change.applyAll(List.of(Change.put("c", "3"), Change.remove("a"), Change.put("b", "changed")), store);
    store.abort();
    assertEquals(before, StoreFiles.list(harness.storage(), id.storePath()),
        "T02: the files under " + id.storePath() + " changed after an aborted store (path to size)");
    history.check("T02", "reopened by the same provider after an abort", provider, 1);
    Expect.missingRead("T02", "after an abort, on the provider that aborted", provider, 2);
    StateStoreProvider fresh = harness.fresh(id);
    Expect.missingRead("T02", "after an abort, on a fresh provider", fresh, 2);
    history.check("T02", "read by a fresh provider after an abort", fresh, 1);
    history.commit("T02", provider, List.of(Change.put("d", "4")));
    history.checkAll("T02", "read by a fresh provider after a commit that followed an abort", harness.fresh(id));
  }

  @Test
  @DisplayName("T03 uncommitted writes are invisible to other stores and readers of the same version")
  void t03_uncommittedWritesAreInvisible() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    history.commit("T03", provider, List.of(Change.put("a", "1"), Change.put("b", "2")));
    List<Change> pending = List.of(Change.put("a", "changed"), Change.remove("b"), Change.put("c", "3"));
    StateStore writer = provider.getStore(1);
    Change.applyAll(pending, writer);
    StateData.assertContents("T03: the writing store does not see its own uncommitted writes",
        Change.applied(history.version(1), pending), StateData.contents("T03", writer));
    history.check("T03", "read by getReadStore of the same provider while another store has uncommitted writes",
        provider, 1);
    StateStore other = provider.getStore(1);
    StateData.assertContents("T03: version 1 read by a second getStore(1) of the same provider while another store"
        + " has uncommitted writes", history.version(1), StateData.contents("T03", other));
    other.abort();
    history.check("T03", "read by a fresh provider while another store has uncommitted writes", harness.fresh(id), 1);
    assertEquals(2, writer.commit(), "T03: commit() of a store of version 1");
    history.record(pending);
    history.checkAll("T03", "read by a fresh provider after the commit", harness.fresh(id));
  }

  @Test
  @DisplayName("T04 versions -1 and latest+1 fail with StateVersionNotFoundException naming the version")
  void t04_missingVersionsFailTyped() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    Expect.missingStore("T04", "before any commit", provider, -1);
    Expect.missingRead("T04", "before any commit", provider, -1);
    Expect.missingStore("T04", "before any commit", provider, 1);
    Expect.missingRead("T04", "before any commit", provider, 1);
    History history = new History();
    history.commitTypical("T04", provider);
    history.commitTypical("T04", provider);
    Expect.missingStore("T04", "with latest version 2", provider, 3);
    Expect.missingRead("T04", "with latest version 2", provider, 3);
    Expect.missingStore("T04", "with latest version 2", provider, -1);
    StateStoreProvider fresh = harness.fresh(id);
    Expect.missingStore("T04", "on a fresh provider, latest version 2", fresh, 3);
    Expect.missingRead("T04", "on a fresh provider, latest version 2", fresh, -1);
    history.checkAll("T04", "read by a fresh provider after the failed requests", fresh);
  }

  @Test
  @DisplayName("T05 every version reloads the same after the provider is closed")
  void t05_reloadAfterClose() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    for (int v = 1; v <= 5; v++) {
      history.commitTypical("T05", provider);
    }
    provider.close();
    StateStoreProvider reopened = harness.fresh(id);
    history.checkAll("T05", "read by a fresh provider after the writing provider was closed", reopened);
    history.commitTypical("T05", reopened);
    history.checkAll("T05", "read by a fresh provider after a commit on the reopened provider", harness.fresh(id));
  }

  @Test
  @DisplayName("T06 every version reloads the same with no versions cached in memory")
  void t06_reloadWithoutCache() {
    Map<String, String> noCache = knob(harness.kit().noCache(), "T06", "noCache()");
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id, noCache);
    History history = new History();
    for (int v = 1; v <= 5; v++) {
      history.commitTypical("T06", provider);
    }
    for (long v = history.latest(); v >= 0; v--) {
      history.check("T06", "read without a cache, newest first", provider, v);
    }
    history.checkAll("T06", "read without a cache, oldest first", provider);
    StateStore older = provider.getStore(2);
    older.put(StateData.bytes("discarded"), StateData.bytes("x"));
    older.abort();
    history.commitTypical("T06", provider);
    history.checkAll("T06", "read by a fresh provider without a cache", harness.fresh(id, noCache));
  }

  @Test
  @DisplayName("T07 snapshots plus deltas and deltas only reload the same data")
  void t07_snapshotsAndDeltasReloadTheSame() {
    Optional<Map<String, String>> snapshots = harness.kit().snapshotEveryVersion();
    Optional<Map<String, String>> deltas = harness.kit().deltasOnly();
    Capability.require(snapshots.isPresent() || deltas.isPresent(),
        "T07 needs StateStoreKit.snapshotEveryVersion() or deltasOnly(), and the kit offers neither");
    Map<String, String> snapshot = snapshots.orElse(Map.of());
    Map<String, String> delta = deltas.orElse(Map.of());
    StateStoreId id = harness.id();
    History history = new History();
    for (Map<String, String> phase : List.of(delta, snapshot, delta, snapshot)) {
      StateStoreProvider writer = harness.fresh(id, phase);
      for (int v = 0; v < 3; v++) {
        history.commitTypical("T07", writer);
      }
    }
    for (Map<String, String> reader : List.of(delta, snapshot, Map.<String, String>of())) {
      StateStoreProvider fresh = harness.fresh(id, reader);
      for (long v = history.latest(); v >= 0; v--) {
        history.check("T07", "written in phases (deltas only, snapshots, deltas only, snapshots) and read newest first"
            + " by a fresh provider with " + reader, fresh, v);
      }
      history.checkAll("T07", "read oldest first by another fresh provider with " + reader, harness.fresh(id, reader));
    }
  }

  @Test
  @DisplayName("T08 maintenance keeps the last N versions; purged ones fail with StateVersionNotFoundException")
  void t08_retentionKeepsLastVersions() throws IOException {
    int retained = 2;
    Map<String, String> retain = knob(harness.kit().retainVersions(retained), "T08", "retainVersions(n)");
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id, retain);
    History history = new History();
    for (int v = 1; v <= 10; v++) {
      history.commitTypical("T08", provider);
      provider.doMaintenance();
    }
    StateStoreProvider fresh = harness.fresh(id, retain);
    long oldestRetained = history.latest() - retained + 1;
    for (long v = oldestRetained; v <= history.latest(); v++) {
      history.check("T08", "(one of the last " + retained + ") read by a fresh provider after maintenance", fresh, v);
    }
    List<Long> purged = new ArrayList<>();
    for (long v = 1; v < oldestRetained; v++) {
      if (!Expect.wholeOrNone("T08", "(older than the last " + retained + ") after maintenance", harness.fresh(id, retain),
          v, history.version(v))) {
        purged.add(v);
      }
    }
    assertFalse(purged.isEmpty(), "T08: with retainVersions(" + retained + ") and maintenance after each of "
        + history.latest() + " commits, every version from 1 to " + (oldestRetained - 1) + " still loads: nothing was purged");
    Expect.missingStore("T08", "after it was purged", harness.fresh(id, retain), purged.get(0));
    history.commitTypical("T08", provider);
    history.check("T08", "committed after maintenance, read by a fresh provider", harness.fresh(id, retain),
        history.latest());
  }

  @Test
  @DisplayName("T09 a retried commit of the same version is deterministic")
  void t09_retriedCommitIsDeterministic() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    history.commit("T09", provider, List.of(Change.put("a", "1"), Change.put("b", "2")));
    List<Change> batch = List.of(Change.put("a", "10"), Change.remove("b"), Change.put("c", "3"));
    StateStore aborted = provider.getStore(1);
    Change.applyAll(batch, aborted);
    aborted.abort();
    StateData.commit("T09", provider, 1, batch);
    history.record(batch);
    history.check("T09", "committed after an aborted attempt, read by a fresh provider", harness.fresh(id), 2);
    StateData.commit("T09", provider, 1, batch);
    history.check("T09", "committed twice by the same provider, read by a fresh provider", harness.fresh(id), 2);
    StateStoreProvider second = harness.fresh(id);
    StateData.commit("T09", second, 1, batch);
    history.check("T09", "committed again by a second provider, read by a fresh provider", harness.fresh(id), 2);
    history.commit("T09", second, List.of(Change.put("d", "4")));
    history.checkAll("T09", "read by a fresh provider after the retries and one more commit", harness.fresh(id));
  }

  @Test
  @DisplayName("T10 put and remove while iterating are safe, and an iterator survives close")
  void t10_writesWhileIterating() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    List<Change> keys = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      keys.add(Change.put("k" + (char) ('a' + i), "v" + i));
    }
    history.commit("T10", provider, keys);
    StateStore store = provider.getStore(1);
    List<Change> done = new ArrayList<>();
    Iterator<KeyValue> it = store.iterator();
    for (int i = 0; it.hasNext(); i++) {
      String key = StateData.text(it.next().key());
      Change change = i % 3 == 0 ? Change.remove(key) : i % 3 == 1 ? Change.put(key, "over") : Change.put(key + "+", "new");
      change.applyTo(store);
      done.add(change);
      assertTrue(i < 1000, "T10: iterating a store of 20 keys while writing to it did not end after 1000 entries");
    }
    TreeMap<String, String> expected = Change.applied(history.version(1), done);
    StateData.assertContents("T10: the store after writes made while iterating", expected, StateData.contents("T10", store));
    assertEquals(2, store.commit(), "T10: commit() of a store of version 1");
    history.record(done);
    history.check("T10", "written while iterating, read by a fresh provider", harness.fresh(id), 2);
    ReadStateStore reader = harness.fresh(id).getReadStore(2);
    Iterator<KeyValue> open = reader.iterator();
    reader.close();
    TreeMap<String, String> drained = new TreeMap<>();
    open.forEachRemaining(kv -> drained.put(StateData.text(kv.key()), StateData.text(kv.value())));
    StateData.assertContents("T10: an iterator of version 2 drained after its store was closed", history.version(2), drained);
  }

  @Test
  @DisplayName("T11 removing a missing key is a no-op and get returns null")
  void t11_removeMissingKey() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    StateStore empty = provider.getStore(0);
    empty.remove(StateData.bytes("nothing"));
    assertNull(empty.get(StateData.bytes("nothing")), "T11: get of a removed missing key in an empty store");
    empty.abort();
    history.commit("T11", provider, List.of(Change.put("a", "1")));
    StateStore store = provider.getStore(1);
    store.remove(StateData.bytes("missing"));
    assertNull(store.get(StateData.bytes("missing")), "T11: get of a removed missing key");
    store.remove(StateData.bytes("a"));
    store.remove(StateData.bytes("a"));
    assertNull(store.get(StateData.bytes("a")), "T11: get of a key removed twice");
    StateData.assertContents("T11: the store after removing a missing key and one key twice", Map.of(),
        StateData.contents("T11", store));
    assertEquals(2, store.commit(), "T11: commit() of a store of version 1");
    history.record(List.of(Change.remove("missing"), Change.remove("a"), Change.remove("a")));
    history.checkAll("T11", "read by a fresh provider", harness.fresh(id));
  }

  @Test
  @DisplayName("T12 numKeys is exact and memoryUsedBytes is positive after a put")
  void t12_metrics() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    StateStore store = provider.getStore(0);
    assertNumKeys(0, store, "an empty store of version 0");
    store.put(StateData.bytes("a"), StateData.bytes("1"));
    assertTrue(store.metrics().memoryUsedBytes() > 0,
        "T12: memoryUsedBytes is " + store.metrics().memoryUsedBytes() + " after a put; expected more than 0");
    Change.applyAll(List.of(Change.put("b", "2"), Change.put("c", "3"), Change.put("a", "again")), store);
    assertNumKeys(3, store, "puts of a, b, c and an overwrite of a");
    Change.applyAll(List.of(Change.remove("b"), Change.remove("zzz")), store);
    assertNumKeys(2, store, "puts of a, b, c, an overwrite of a, a remove of b and of a missing key");
    store.commit();
    assertNumKeys(2, store, "the committed store of version 1 (keys a, c)");
    try (ReadStateStore reader = harness.fresh(id).getReadStore(1)) {
      assertNumKeys(2, reader, "version 1 read by a fresh provider (keys a, c)");
    }
    StateStore next = harness.fresh(id).getStore(1);
    assertNumKeys(2, next, "a store of version 1 before any write (keys a, c)");
    Change.applyAll(List.of(Change.put("d", "4"), Change.put("c", "over"), Change.remove("a"), Change.remove("a")), next);
    assertNumKeys(2, next, "version 1 plus put d, overwrite c, remove a twice (keys c, d)");
    next.commit();
    try (ReadStateStore reader = harness.fresh(id).getReadStore(2)) {
      assertNumKeys(2, reader, "version 2 read by a fresh provider (keys c, d)");
    }
  }

  private static void assertNumKeys(long expected, ReadStateStore store, String after) {
    StateStoreMetrics metrics = store.metrics();
    assertEquals(expected, metrics.numKeys(), "T12: numKeys after " + after);
  }

  @Test
  @DisplayName("T13 concurrent readers of one version agree")
  void t13_concurrentReadersAgree() throws InterruptedException {
    new ConcurrentReadCheck(harness, "T13").run();
  }

  @Test
  @DisplayName("T14 a crash at any storage publish inside commit leaves the whole version or none, and no temporary files")
  void t14_crashAtStoragePublish() {
    new CommitCrashCheck(harness, "T14").atEveryPublish();
  }

  @Test
  @DisplayName("T15 a crash at INSIDE_STATE_COMMIT leaves the whole version or none, and no temporary files")
  void t15_crashAtFaultPoint() {
    new CommitCrashCheck(harness, "T15").atFaultPoint();
  }

  @Test
  @DisplayName("T16 a corrupted or truncated file fails typed and named, never with wrong data")
  void t16_corruptFilesFailTyped() {
    new CorruptionCheck(harness, "T16").run();
  }

  @Test
  @DisplayName("T17 random sequences of operations match a reference model")
  void t17_randomOperationsMatchModel() {
    new RandomOpsCheck(harness, "T17").run();
  }

  @Test
  @DisplayName("T18 prefixScan returns exactly the entries with the prefix, uncommitted ones included")
  void t18_prefixScan() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    StateStore probe = provider.getStore(0);
    boolean supported = probe.supportsPrefixScan();
    probe.abort();
    Capability.require(supported, "T18 needs prefix scans; the store's supportsPrefixScan() is false");
    byte[][] keys = {{1, 2}, {1, 2, 3}, {1, 3}, {(byte) 0xFF, 1}, {(byte) 0xFF}, {(byte) 0xFE, (byte) 0xFF}, {2}};
    StateStore store = provider.getStore(0);
    for (byte[] key : keys) {
      store.put(key, key);
    }
    assertEquals(1, store.commit(), "T18: commit() of a store of version 0");
    StateStore writer = provider.getStore(1);
    writer.put(new byte[] {1, 2, 9}, new byte[] {9});
    writer.remove(new byte[] {1, 2});
    assertPrefix(writer, new byte[] {1, 2}, "with uncommitted put [1,2,9] and remove [1,2]", new byte[][] {{1, 2, 3}, {1, 2, 9}});
    writer.abort();
    try (ReadStateStore reader = harness.fresh(id).getReadStore(1)) {
      assertPrefix(reader, new byte[] {1, 2}, "after the abort", new byte[][] {{1, 2}, {1, 2, 3}});
      assertPrefix(reader, new byte[] {(byte) 0xFF}, "(a byte above 0x7F)", new byte[][] {{(byte) 0xFF, 1}, {(byte) 0xFF}});
      assertPrefix(reader, new byte[] {7}, "(no key has it)", new byte[0][]);
    }
  }

  @Test
  @DisplayName("T19 putIfAbsent sets only an absent key and returns the value a present one keeps")
  void t19_putIfAbsent() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    history.commit("T19", provider, List.of(Change.put("a", "1"), Change.put("b", "2")));
    StateStore store = provider.getStore(1);
    assertPresent("a key committed with '1'", "1", store.putIfAbsent(StateData.bytes("a"), StateData.bytes("x")));
    assertNull(store.putIfAbsent(StateData.bytes("c"), StateData.bytes("3")),
        "T19: putIfAbsent of an absent key 'c' returned a value");
    assertPresent("a key this store has just set to '3'", "3",
        store.putIfAbsent(StateData.bytes("c"), StateData.bytes("y")));
    store.remove(StateData.bytes("b"));
    assertNull(store.putIfAbsent(StateData.bytes("b"), StateData.bytes("4")),
        "T19: putIfAbsent of a key this store has removed returned a value");
    List<Change> applied = List.of(Change.put("c", "3"), Change.put("b", "4"));
    StateData.assertContents("T19: the store after its putIfAbsent calls",
        Change.applied(history.version(1), applied), StateData.contents("T19", store));
    assertEquals(3, store.metrics().numKeys(), "T19: numKeys() after putIfAbsent set one new key of three");
    assertEquals(2, store.commit(), "T19: commit() of a store of version 1");
    history.record(applied);
    history.checkAll("T19", "read by a fresh provider", harness.fresh(id));
  }

  /** Keys of every byte length and both halves of the byte range, committed as version 1. */
  private static final byte[][] RANGE_KEYS =
      {{1}, {1, 2}, {1, 2, 3}, {1, 3}, {2}, {(byte) 0x80}, {(byte) 0xFE, (byte) 0xFF}, {(byte) 0xFF}};

  /** A provider of {@code id} with {@link #RANGE_KEYS} committed; skips the rule if the store has no range scans. */
  private StateStoreProvider rangeScanStore(String rule, StateStoreId id) {
    StateStoreProvider provider = harness.fresh(id);
    StateStore probe = provider.getStore(0);
    boolean supported = probe.supportsRangeScan();
    probe.abort();
    Capability.require(supported, rule + " needs range scans; the store's supportsRangeScan() is false");
    StateStore store = provider.getStore(0);
    for (byte[] key : RANGE_KEYS) {
      store.put(key, key);
    }
    assertEquals(1, store.commit(), rule + ": commit() of a store of version 0");
    return provider;
  }

  @Test
  @DisplayName("T20 range returns the entries in [from, to) in unsigned key order, uncommitted ones included")
  void t20_range() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = rangeScanStore("T20", id);
    StateStore writer = provider.getStore(1);
    writer.put(new byte[] {1, 2, 9}, new byte[] {9});
    writer.remove(new byte[] {1, 3});
    assertRange(writer, new byte[] {1, 2}, new byte[] {2}, "with uncommitted put [1,2,9] and remove [1,3]",
        new byte[][] {{1, 2}, {1, 2, 3}, {1, 2, 9}});
    writer.abort();
    try (ReadStateStore reader = harness.fresh(id).getReadStore(1)) {
      assertRange(reader, new byte[] {1, 2}, new byte[] {2}, "after the abort", new byte[][] {{1, 2}, {1, 2, 3}, {1, 3}});
      assertRange(reader, new byte[] {0}, new byte[] {1, 2}, "(the end is a key: not included)", new byte[][] {{1}});
      assertRange(reader, new byte[] {2}, new byte[] {(byte) 0xFF}, "(bytes above 0x7F sort after 2)",
          new byte[][] {{2}, {(byte) 0x80}, {(byte) 0xFE, (byte) 0xFF}});
      assertRange(reader, new byte[] {1, 4}, new byte[] {1, 9}, "(no key in it)", new byte[0][]);
      assertRange(reader, new byte[] {2}, new byte[] {2}, "(empty: from equals to)", new byte[0][]);
    }
  }

  @Test
  @DisplayName("T21 removeRange removes exactly the keys of [from, to), uncommitted ones included, and counts them")
  void t21_removeRange() {
    StateStoreId id = harness.id();
    StateStoreProvider provider = rangeScanStore("T21", id);
    StateStore writer = provider.getStore(1);
    writer.put(new byte[] {1, 2, 9}, new byte[] {9});
    assertEquals(4, writer.removeRange(new byte[] {1, 2}, new byte[] {2}),
        "T21: removeRange([1, 2], [2]) with an uncommitted put [1,2,9] counts [1,2], [1,2,3], [1,2,9] and [1,3]");
    assertEquals(0, writer.removeRange(new byte[] {(byte) 0x80}, new byte[] {(byte) 0x80}), "T21: an empty range");
    assertEquals(1, writer.removeRange(new byte[] {(byte) 0xFE}, new byte[] {(byte) 0xFF}),
        "T21: removeRange([0xFE], [0xFF]) counts [0xFE,0xFF] only: the end is not in the range");
    assertEquals(0, writer.removeRange(new byte[] {1, 2}, new byte[] {2}), "T21: a range removed already");
    byte[][] left = {{1}, {2}, {(byte) 0x80}, {(byte) 0xFF}};
    assertRange(writer, new byte[] {0}, new byte[] {(byte) 0xFF, 0}, "after the removeRange calls", left);
    assertEquals(left.length, writer.metrics().numKeys(), "T21: numKeys() after removeRange");
    assertEquals(2, writer.commit(), "T21: commit() of a store of version 1");
    try (ReadStateStore reader = harness.fresh(id).getReadStore(2)) {
      assertRange(reader, new byte[] {0}, new byte[] {(byte) 0xFF, 0}, "read by a fresh provider", left);
    }
    try (ReadStateStore reader = harness.fresh(id).getReadStore(1)) {
      assertRange(reader, new byte[] {0}, new byte[] {(byte) 0xFF, 0}, "(version 1, before the removals)", RANGE_KEYS);
    }
    removeRangesOfAStoreOfThousandsOfKeys(harness.id(1));
  }

  /**
   * Ranges that start, end and span anywhere in thousands of keys, so that a store that keeps
   * them in a tree of several levels drops whole subtrees and rejoins what is left; each
   * removal is checked against a sorted model, and the result read back by a fresh provider.
   */
  private void removeRangesOfAStoreOfThousandsOfKeys(StateStoreId id) {
    StateStoreProvider provider = harness.fresh(id);
    java.util.Random random = Tck.random("T21 ranges");
    java.util.NavigableMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
    StateStore store = provider.getStore(0);
    for (int i = 0; i < 5000; i++) {
      byte[] key = {(byte) (i >> 8), (byte) i, (byte) random.nextInt(4)};
      store.put(key, key);
      model.put(key, key);
    }
    assertEquals(1, store.commit(), "T21: commit() of 5,000 keys");
    StateStore writer = provider.getStore(1);
    for (int step = 0; step < 40; step++) {
      byte[] from = {(byte) random.nextInt(20), (byte) random.nextInt(256)};
      byte[] to = {(byte) (from[0] + random.nextInt(3)), (byte) random.nextInt(256)};
      if (step % 10 == 0) {
        from = new byte[0]; // from the very first key, as an eviction removes the oldest
      }
      java.util.NavigableMap<byte[], byte[]> inRange = Arrays.compareUnsigned(from, to) < 0
          ? model.subMap(from, true, to, false) : new TreeMap<>(Arrays::compareUnsigned);
      assertEquals(inRange.size(), writer.removeRange(from, to), "T21: keys removeRange(" + Arrays.toString(from)
          + ", " + Arrays.toString(to) + ") counted, step " + step + " of a random sequence" + Tck.seedHint());
      inRange.clear();
      if (step % 7 == 0) {
        byte[] key = {(byte) random.nextInt(20), (byte) random.nextInt(256), 9};
        writer.put(key, key); // keys come back between removals
        model.put(key, key);
      }
    }
    byte[][] left = model.keySet().toArray(new byte[0][]);
    assertRange(writer, new byte[0], new byte[] {(byte) 0xFF}, "after 40 random removeRange calls" + Tck.seedHint(), left);
    assertEquals(left.length, writer.metrics().numKeys(), "T21: numKeys() after random removeRange calls");
    assertEquals(2, writer.commit(), "T21: commit() after random removeRange calls");
    try (ReadStateStore reader = harness.fresh(id).getReadStore(2)) {
      assertRange(reader, new byte[0], new byte[] {(byte) 0xFF}, "after random removeRange calls, read by a fresh provider",
          left);
    }
  }

  @Test
  @DisplayName("T22 empty values and the zero-length key are kept, told apart from absent, through every kind of file")
  void t22_emptyValuesAndZeroLengthKeys() {
    StateStoreId id = harness.id();
    History history = new EdgeValuesCheck(harness, "T22").run(id, List.of(
        List.of(Change.put("", "zero-length key"), Change.put("a", ""), Change.put("b", ""), Change.put("c", "3")),
        List.of(Change.put("a", "now set"), Change.put("c", ""), Change.remove(""), Change.put("d", "")),
        List.of(Change.put("", ""), Change.remove("b"), Change.put("e", "5")),
        List.of(Change.remove("d"), Change.put("b", ""), Change.put("f", ""))));
    try (ReadStateStore reader = harness.fresh(id).getReadStore(history.latest())) {
      if (reader.supportsRangeScan()) {
        assertRange(reader, new byte[0], new byte[] {0}, "(only the zero-length key is below [0])", new byte[][] {{}});
      }
      if (reader.supportsPrefixScan()) {
        List<String> all = new ArrayList<>();
        reader.prefixScan(new byte[0]).forEachRemaining(kv -> all.add(StateData.text(kv.key())));
        assertEquals(new TreeSet<>(history.version(history.latest()).keySet()), new TreeSet<>(all),
            "T22: prefixScan of the empty prefix returns every key, the zero-length one included");
      }
    }
  }

  @Test
  @DisplayName("T23 values and keys of zero bytes only, from one byte to a megabyte, come back whole")
  void t23_valuesThatAreAllZeros() {
    new EdgeValuesCheck(harness, "T23").run(harness.id(), List.of(
        List.of(Change.put("z1", zeros(1)), Change.put("z8", zeros(8)), Change.put("z4096", zeros(4096)),
            Change.put("zbig", zeros(1 << 20)), Change.put(zeros(1), zeros(2)), Change.put(zeros(2), zeros(1)),
            Change.put(zeros(8), "eight zero bytes as a key")),
        List.of(Change.put("z1", zeros(2)), Change.put("z8", "no longer zeros"), Change.put("w", zeros(100)),
            Change.remove(zeros(2))),
        List.of(Change.put("z8", zeros(8)), Change.put("zbig", zeros((1 << 20) + 1)), Change.put(zeros(2), zeros(3)))));
  }

  private static String zeros(int n) {
    return "\0".repeat(n);
  }

  @Test
  @DisplayName("T24 a commit halted in a child JVM leaves the version whole or absent, and the next process goes on [child JVM]")
  void t24_commitHaltedInAChildJvm() throws InterruptedException {
    new CommitCrashCheck(harness, "T24").inChildJvm();
  }

  @Test
  @DisplayName("T25 named stores of one operator and partition keep their versions and files apart, and apart from another"
      + " operator's store of the same name")
  void t25_namedStoresAreKeptApart() throws IOException {
    // An operator with several named stores per partition (keyed state: one per state variable)
    // commits them one after the other; a provider that files them by operator and partition
    // alone would mix their versions. Every store puts key "a" to a value of its own.
    StateStoreId plain = harness.id();
    StateStoreId left = harness.id(0, 0, "left");
    StateStoreId right = harness.id(0, 0, "right");
    StateStoreId otherOperator = harness.id(1, 0, "left");
    Map<StateStoreId, History> histories = new LinkedHashMap<>();
    Map<StateStoreId, StateStoreProvider> providers = new LinkedHashMap<>();
    for (StateStoreId id : List.of(plain, left, right, otherOperator)) {
      histories.put(id, new History());
      providers.put(id, harness.fresh(id));
    }
    commitT25(histories, providers, plain, Change.put("a", "plain 1"), Change.put("shared", "plain"));
    commitT25(histories, providers, left, Change.put("a", "left 1"), Change.put("only left", "1"));
    commitT25(histories, providers, right, Change.put("a", "right 1"));
    commitT25(histories, providers, otherOperator, Change.put("a", "other operator 1"));
    TreeMap<String, Long> leftFiles = StoreFiles.list(harness.storage(), left.storePath());
    assertFalse(leftFiles.isEmpty(), "T25: no file under " + left.storePath() + " after store 'left' committed");
    commitT25(histories, providers, plain, Change.put("a", "plain 2"), Change.remove("shared"));
    StateStore aborted = providers.get(right).getStore(1);
    Change.applyAll(List.of(Change.put("a", "aborted"), Change.put("b", "aborted")), aborted);
    aborted.abort();
    commitT25(histories, providers, right, Change.put("b", "right 2"), Change.remove("a"));
    commitT25(histories, providers, plain, Change.put("a", "plain 3"));
    commitT25(histories, providers, otherOperator, Change.put("a", "other operator 2"));
    assertEquals(leftFiles, StoreFiles.list(harness.storage(), left.storePath()),
        "T25: commits of other stores changed the files under " + left.storePath() + " (path to size)");
    commitT25(histories, providers, left, Change.remove("a"), Change.put("b", "left 2"));
    histories.forEach((id, history) -> history.checkAll("T25", "of store '" + id.storeName() + "' of operator "
        + id.operatorId() + ", read by a fresh provider", harness.fresh(id)));

    // Maintenance deletes what older versions of its own store need, never another store's files
    // (with the kit's retainVersions(1) knob where it has one, so that it deletes something).
    Map<String, String> retainOne = harness.kit().retainVersions(1).orElse(Map.of());
    harness.fresh(plain, retainOne).doMaintenance();
    harness.fresh(right, retainOne).doMaintenance();
    for (StateStoreId id : List.of(left, otherOperator)) {
      histories.get(id).checkAll("T25", "of store '" + id.storeName() + "' of operator " + id.operatorId()
          + ", after maintenance of the default store and store 'right'", harness.fresh(id));
    }
    for (StateStoreId id : List.of(plain, right)) {
      History history = histories.get(id);
      history.check("T25", "(the latest) of store '" + id.storeName() + "' after its maintenance", harness.fresh(id),
          history.latest());
    }
  }

  @Test
  @DisplayName("T26 writes told whether their key is there keep numKeys exact when told right, and write as put and"
      + " remove do when told wrong")
  void t26_writesToldPresence() {
    // The runtime tells a store what its layout already says (a list's size says which indexes
    // exist), so a store that counts its keys need not look each one up. What it is told may
    // save a lookup; it may never change what is written.
    StateStoreId id = harness.id();
    StateStoreProvider provider = harness.fresh(id);
    History history = new History();
    history.commit("T26", provider, List.of(Change.put("a", "1"), Change.put("b", "2")));
    StateStore store = provider.getStore(1);
    store.put(StateData.bytes("a"), StateData.bytes("a told present"), Presence.PRESENT);
    store.put(StateData.bytes("c"), StateData.bytes("c told absent"), Presence.ABSENT);
    store.remove(StateData.bytes("b"), Presence.PRESENT);
    store.put(StateData.bytes("b"), StateData.bytes("b again, told absent"), Presence.ABSENT);
    store.remove(StateData.bytes("c"), Presence.PRESENT);
    assertEquals(2, store.metrics().numKeys(), "T26: numKeys() after writes told rightly whether their keys were there"
        + " (keys a, b)");
    List<Change> right = List.of(Change.put("a", "a told present"), Change.put("b", "b again, told absent"));
    StateData.assertContents("T26: the store after writes told rightly whether their keys were there",
        Change.applied(history.version(1), right), StateData.contents("T26", store));
    assertEquals(2, store.commit(), "T26: commit() of a store of version 1");
    history.record(List.of(Change.put("a", "a told present"), Change.put("c", "c told absent"), Change.remove("b"),
        Change.put("b", "b again, told absent"), Change.remove("c")));
    history.checkAll("T26", "read by a fresh provider", harness.fresh(id));

    StateStore wrong = provider.getStore(2);
    wrong.put(StateData.bytes("d"), StateData.bytes("d told present"), Presence.PRESENT);
    wrong.put(StateData.bytes("a"), StateData.bytes("a told absent"), Presence.ABSENT);
    wrong.remove(StateData.bytes("missing"), Presence.PRESENT);
    wrong.remove(StateData.bytes("b"), Presence.ABSENT);
    List<Change> wrongly = List.of(Change.put("d", "d told present"), Change.put("a", "a told absent"),
        Change.remove("missing"), Change.remove("b"));
    StateData.assertContents("T26: the store after writes told wrongly whether their keys were there",
        Change.applied(history.version(2), wrongly), StateData.contents("T26", wrong));
    assertEquals(3, wrong.commit(), "T26: commit() of a store of version 2");
    history.record(wrongly);
    history.checkAll("T26", "read by a fresh provider after writes told wrongly", harness.fresh(id));
  }

  private static void commitT25(Map<StateStoreId, History> histories, Map<StateStoreId, StateStoreProvider> providers,
      StateStoreId id, Change... changes) {
    histories.get(id).commit("T25", providers.get(id), List.of(changes));
  }

  private static void assertRange(ReadStateStore store, byte[] from, byte[] to, String when, byte[][] expected) {
    List<String> want = new ArrayList<>();
    for (byte[] key : expected) {
      want.add(Arrays.toString(key));
    }
    List<String> got = new ArrayList<>();
    Iterator<KeyValue> it = store.range(from, to);
    while (it.hasNext()) {
      got.add(Arrays.toString(it.next().key()));
    }
    assertEquals(want, got, "keys of range(" + Arrays.toString(from) + ", " + Arrays.toString(to) + ") on version "
        + store.version() + " " + when + ", in order");
  }

  private static void assertPresent(String what, String expected, byte[] returned) {
    assertEquals(expected, returned == null ? null : StateData.text(returned),
        "T19: putIfAbsent of " + what + " returned another value");
  }

  private static void assertPrefix(ReadStateStore store, byte[] prefix, String when, byte[][] expected) {
    TreeSet<String> want = new TreeSet<>();
    for (byte[] key : expected) {
      want.add(Arrays.toString(key));
    }
    TreeSet<String> got = new TreeSet<>();
    Iterator<KeyValue> it = store.prefixScan(prefix);
    while (it.hasNext()) {
      if (!got.add(Arrays.toString(it.next().key()))) {
        fail("T18: prefixScan(" + Arrays.toString(prefix) + ") " + when + " returned a key twice: " + got);
      }
    }
    assertEquals(want, got, "T18: keys of prefixScan(" + Arrays.toString(prefix) + ") on version " + store.version() + " " + when);
  }
}
