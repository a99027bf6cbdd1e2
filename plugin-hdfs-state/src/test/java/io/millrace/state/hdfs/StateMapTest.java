package io.millrace.state.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.spi.state.KeyValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The copy-on-write map against a TreeMap model: contents, immutability, shape, measured bytes, O(changes). */
class StateMapTest {
  private static String key(int i) {
    return String.format("key-%07d", i);
  }

  private static StateMap build(int keys) {
    StateMapBuilder builder = new StateMapBuilder();
    for (int i = 0; i < keys; i++) {
      builder.add(TestStores.bytes(key(i)), TestStores.bytes("v" + i));
    }
    return builder.build();
  }

  private static TreeMap<String, String> contents(StateMap map) {
    TreeMap<String, String> out = new TreeMap<>();
    for (Iterator<KeyValue> it = map.iterator(); it.hasNext(); ) {
      KeyValue kv = it.next();
      out.put(TestStores.text(kv.key()), TestStores.text(kv.value()));
    }
    return out;
  }

  @Test
  void randomEditsMatchTheModelAndLeaveEveryEarlierVersionUnchanged() {
    Random random = new Random(42);
    List<StateMap> versions = new ArrayList<>(List.of(StateMap.EMPTY));
    List<TreeMap<String, String>> models = new ArrayList<>(List.of(new TreeMap<>()));
    for (int v = 1; v <= 60; v++) {
      StateMap base = versions.get(random.nextInt(versions.size()));
      TreeMap<String, String> model = new TreeMap<>(models.get(versions.indexOf(base)));
      TreeMap<String, String> baseModel = new TreeMap<>(model);
      MapEditor editor = base.edit();
      // Phases of growth and of shrinking, so that splits, merges and collapses all happen.
      double removeShare = v % 3 == 0 ? 0.8 : 0.3;
      for (int op = 0; op < 400; op++) {
        String k = key(random.nextInt(3000));
        if (random.nextInt(100) < 2) {
          // A range, now and then a long one or one from the very first key, as evictions take.
          int from = random.nextBoolean() ? -1 : random.nextInt(3000);
          String to = key(Math.max(from, 0) + random.nextInt(random.nextBoolean() ? 40 : 1500));
          String start = from < 0 ? "" : key(from);
          Map<String, String> inRange = model.subMap(start, true, to, false);
          assertEquals(inRange.size(), editor.removeRange(TestStores.bytes(start), TestStores.bytes(to)),
              "keys removeRange(" + start + ", " + to + ") reported in version " + v);
          inRange.clear();
        } else if (random.nextDouble() < removeShare) {
          editor.remove(TestStores.bytes(k));
          model.remove(k);
        } else {
          // Few distinct values, so that a key is often put again with the bytes it had.
          String value = "v" + random.nextInt(4);
          editor.put(TestStores.bytes(k), TestStores.bytes(value));
          model.put(k, value);
        }
      }
      assertEquals(netChanges(baseModel, model), changes(editor.changes()), "changes of version " + v);
      long working = editor.workingBytes();
      StateMap next = editor.current();
      assertEquals(Measure.bytes(base, next) - Measure.bytes(base), working, "working bytes of version " + v);
      assertEquals(model, contents(next), "version " + v);
      assertEquals(model.size(), next.size());
      Measure.checkShape(next);
      assertEquals(Measure.bytes(next), next.bytes(), "measured bytes of version " + v);
      assertEquals(Measure.bytes(base, next) - Measure.bytes(base), next.addedBytes(), "bytes added by version " + v);
      versions.add(next);
      models.add(model);
    }
    for (int v = 0; v < versions.size(); v++) {
      assertEquals(models.get(v), contents(versions.get(v)), "version " + v + " after all later edits");
    }
  }

  /** What a delta holds: every key whose value is not what it was in the base, null where it is gone. */
  private static TreeMap<String, String> netChanges(Map<String, String> base, Map<String, String> edited) {
    TreeMap<String, String> out = new TreeMap<>();
    Set<String> keys = new HashSet<>(base.keySet());
    keys.addAll(edited.keySet());
    for (String k : keys) {
      if (!Objects.equals(base.get(k), edited.get(k))) {
        out.put(k, edited.get(k));
      }
    }
    return out;
  }

  /** Changes as text, checking that they come in strictly increasing key order. */
  private static TreeMap<String, String> changes(List<KeyValue> changes) {
    TreeMap<String, String> out = new TreeMap<>();
    byte[] previous = null;
    for (KeyValue kv : changes) {
      assertTrue(previous == null || Bytes.compare(previous, kv.key()) < 0, "changes out of key order");
      previous = kv.key();
      out.put(TestStores.text(kv.key()), TestStores.text(kv.value()));
    }
    return out;
  }

  @Test
  void removingRangesKeepsTheTreeWholeAndCopiesOnlyTheEdgesOfTheRange() {
    StateMap base = build(20_000);
    MapEditor editor = base.edit();
    assertEquals(0, editor.removeRange(TestStores.bytes(key(5)), TestStores.bytes(key(5))), "an empty range");
    assertEquals(0, editor.removeRange(TestStores.bytes("zzz"), TestStores.bytes("zzzz")), "a range past every key");
    assertEquals(12_345, editor.removeRange(TestStores.bytes(""), TestStores.bytes(key(12_345))), "the oldest keys");
    assertTrue(editor.nodesCreated() < 20, "nodes created for a range of 12,345 keys: " + editor.nodesCreated());
    assertEquals(100, editor.removeRange(TestStores.bytes(key(15_000)), TestStores.bytes(key(15_100))));
    StateMap next = editor.current();
    Measure.checkShape(next);
    assertEquals(20_000 - 12_445, next.size());
    TreeMap<String, String> model = contents(base);
    model.headMap(key(12_345)).clear();
    model.subMap(key(15_000), key(15_100)).clear();
    assertEquals(model, contents(next));
    assertEquals(12_445, editor.changes().size(), "a removal per key in the delta");
    assertEquals(20_000, contents(base).size(), "the base after the edit");
    for (int cut = 12_300; cut < 12_340; cut++) {
      // Whichever leaf the cut goes through, what is left of it is merged with its neighbour.
      MapEditor oldest = base.edit();
      oldest.removeRange(TestStores.bytes(""), TestStores.bytes(key(cut)));
      for (Node n = oldest.current().root(); n instanceof Inner inner; n = inner.children[0]) {
        assertTrue(inner.children[0].size() >= Node.MIN, "a node of " + inner.children[0].size() + " at the left edge, cut " + cut);
      }
    }
    MapEditor all = next.edit();
    assertEquals(next.size(), all.removeRange(TestStores.bytes(""), TestStores.bytes("zzz")));
    assertEquals(0, all.current().size());
    Measure.checkShape(all.current());
  }

  @Test
  void removingEverythingLeavesAnEmptyLeaf() {
    StateMap full = build(5000);
    MapEditor editor = full.edit();
    for (int i = 0; i < 5000; i++) {
      editor.remove(TestStores.bytes(key(i)));
    }
    assertEquals(5000, editor.changes().size());
    assertTrue(editor.changes().stream().allMatch(kv -> kv.value() == null), "removing everything put something");
    StateMap empty = editor.current();
    assertEquals(0, empty.size());
    assertEquals(1, empty.depth());
    assertFalse(empty.iterator().hasNext());
    assertEquals(Measure.bytes(empty), empty.bytes());
    assertEquals(5000, full.size());
  }

  @Test
  void growingKeysFillTheirLeavesAndRandomOnesStillFindTheirPlace() {
    MapEditor editor = StateMap.EMPTY.edit();
    for (int i = 0; i < 32_000; i++) {
      editor.put(TestStores.bytes(key(i)), TestStores.bytes("v" + i));
    }
    StateMap grown = editor.current();
    // Appends start a new leaf and leave the full one whole: 1,000 leaves of 32, not 2,000 of 16.
    assertTrue(leaves(grown.root()) <= 1_001, leaves(grown.root()) + " leaves for 32,000 growing keys");
    MapEditor mixed = grown.edit();
    Random random = new Random(7);
    TreeMap<String, String> expected = contents(grown);
    for (int i = 0; i < 20_000; i++) {
      String k = key(random.nextInt(64_000)) + (random.nextBoolean() ? "" : "-x");
      mixed.put(TestStores.bytes(k), TestStores.bytes("m" + i));
      expected.put(k, "m" + i);
    }
    assertEquals(expected, contents(mixed.current()));
  }

  private static int leaves(Node node) {
    if (node instanceof Leaf) {
      return 1;
    }
    int n = 0;
    for (Node child : ((Inner) node).children) {
      n += leaves(child);
    }
    return n;
  }

  @Test
  void putIfAbsentOfAPresentKeyCopiesNothingAndOfAnAbsentOneAddsIt() {
    StateMap base = build(100_000);
    MapEditor editor = base.edit();
    byte[] present = editor.putIfAbsent(TestStores.bytes(key(4_321)), TestStores.bytes("other"));
    assertArrayEquals(TestStores.bytes("v4321"), present, "the value of a present key");
    assertEquals(0, editor.nodesCreated(), "putIfAbsent of a present key created nodes");
    assertSame(base.root(), editor.current().root(), "putIfAbsent of a present key changed the tree");
    assertEquals(0, editor.diff(true).changes().size(), "putIfAbsent of a present key made a change");

    assertNull(editor.putIfAbsent(TestStores.bytes("absent"), TestStores.bytes("new")), "an absent key has no value");
    assertEquals(100_001, editor.size());
    assertArrayEquals(TestStores.bytes("new"),
        editor.putIfAbsent(TestStores.bytes("absent"), TestStores.bytes("newer")), "its value once put");
    assertEquals(100_001, editor.size());
    assertEquals(Map.of("absent", "new"), changes(editor.diff(true).changes()));
    assertNull(base.get(TestStores.bytes("absent")), "the base changed");
  }

  @Test
  void openingAnEditorCopiesNothingAndEachWriteCopiesOnePath() {
    StateMap base = build(1_000_000);
    int depth = base.depth();
    MapEditor editor = base.edit();
    assertEquals(0, editor.nodesCreated(), "opening an editor on 1M keys created nodes");
    assertSame(base.root(), editor.current().root(), "an untouched editor shares the base's root");
    editor.put(TestStores.bytes(key(123_456)), TestStores.bytes("changed"));
    assertTrue(editor.nodesCreated() <= depth + 2, editor.nodesCreated() + " nodes for one overwrite at depth " + depth);
    for (int i = 0; i < 1000; i++) {
      editor.put(TestStores.bytes(key(i * 997)), TestStores.bytes("x"));
    }
    assertTrue(editor.nodesCreated() <= 1001L * (depth + 2), editor.nodesCreated() + " nodes for 1001 writes");
    // The delta comes from the changed leaves, each new one and the base one it replaced, not from 1M keys.
    TreeDiff diff = editor.diff(true);
    assertEquals(1001, diff.changes().size());
    assertTrue(diff.leavesMerged() <= 2 * 1001, diff.leavesMerged() + " leaves merged for 1001 writes");
    StateMap next = editor.current();
    assertArrayEquals(TestStores.bytes("v123456"), base.get(TestStores.bytes(key(123_456))), "the base changed");
    assertArrayEquals(TestStores.bytes("changed"), next.get(TestStores.bytes(key(123_456))));
    // The new version adds what it changed, not a copy of 1M keys.
    assertTrue(next.addedBytes() < base.bytes() / 100, next.addedBytes() + " added bytes against " + base.bytes());
  }

  @Test
  void prefixScanUsesUnsignedOrder() {
    MapEditor editor = StateMap.EMPTY.edit();
    byte[][] keys = {{1, 2}, {1, 2, 3}, {1, 3}, {(byte) 0xFF, 1}, {(byte) 0xFF}, {(byte) 0xFE, (byte) 0xFF}, {2}};
    for (byte[] k : keys) {
      editor.put(k, k);
    }
    List<String> found = new ArrayList<>();
    editor.current().prefixScan(new byte[] {(byte) 0xFF}).forEachRemaining(kv -> found.add(java.util.Arrays.toString(kv.key())));
    assertEquals(List.of("[-1]", "[-1, 1]"), found);
  }

  @Test
  void aRootCollapsingOntoABaseLeafRemovesOnlyTheKeysOfTheOtherLeaf() {
    StateMap base = build(Node.FILL + 1); // a root over a full leaf and a leaf of one key
    assertEquals(2, base.depth());
    MapEditor editor = base.edit();
    editor.remove(TestStores.bytes(key(Node.FILL)));
    StateMap next = editor.current();
    assertSame(((Inner) base.root()).children[0], next.root(), "the root did not collapse onto the base's first leaf");
    TreeMap<String, String> expected = new TreeMap<>();
    expected.put(key(Node.FILL), null);
    assertEquals(expected, changes(editor.changes()));
    assertEquals(0, editor.workingBytes());
    assertEquals(Measure.bytes(next), next.bytes());
  }

  @Test
  void anUntouchedOrNetUnchangedEditorHasNoChanges() {
    StateMap base = build(1000);
    MapEditor editor = base.edit();
    assertEquals(List.of(), editor.changes());
    editor.put(TestStores.bytes("new"), TestStores.bytes("1"));
    editor.remove(TestStores.bytes("new"));
    editor.remove(TestStores.bytes("missing"));
    assertEquals(List.of(), editor.changes());
    assertEquals(Measure.bytes(base, editor.current()) - Measure.bytes(base), editor.workingBytes());
  }

  @Test
  void aBatchGivesTheSameChangesWhetherTheBaseHoldsTheCallersArraysOrCopies() {
    byte[] seen = TestStores.bytes("seen"); // one array for every key, as deduplication puts
    StateMapBuilder cached = new StateMapBuilder();
    StateMapBuilder loaded = new StateMapBuilder();
    for (int i = 0; i < 1000; i += 2) {
      cached.add(TestStores.bytes(key(i)), seen);
      loaded.add(TestStores.bytes(key(i)), seen.clone());
    }
    List<TreeMap<String, String>> deltas = new ArrayList<>();
    for (StateMap base : List.of(cached.build(), loaded.build())) {
      MapEditor editor = base.edit();
      for (int i = 0; i < 1000; i += 3) {
        editor.put(TestStores.bytes(key(i)), seen);
      }
      editor.put(TestStores.bytes(key(10)), TestStores.bytes("other"));
      editor.remove(TestStores.bytes(key(20)));
      deltas.add(changes(editor.changes()));
    }
    assertEquals(deltas.get(0), deltas.get(1));
    assertEquals(167 + 1 + 1, deltas.get(0).size(), "new keys, the changed one, the removed one: " + deltas.get(0));
  }

  @Test
  void deltaHoldsNetChangesInKeyOrder() {
    StateMap base = build(10);
    MapEditor editor = base.edit();
    editor.put(TestStores.bytes("new"), TestStores.bytes("1"));
    editor.remove(TestStores.bytes("new"));
    editor.remove(TestStores.bytes("missing"));
    editor.remove(TestStores.bytes(key(3)));
    editor.put(TestStores.bytes(key(1)), TestStores.bytes("x"));
    Map<String, String> changes = new TreeMap<>();
    editor.changes().forEach(kv -> changes.put(TestStores.text(kv.key()), TestStores.text(kv.value())));
    TreeMap<String, String> expected = new TreeMap<>();
    expected.put(key(1), "x");
    expected.put(key(3), null);
    assertEquals(expected, changes);
  }
}
