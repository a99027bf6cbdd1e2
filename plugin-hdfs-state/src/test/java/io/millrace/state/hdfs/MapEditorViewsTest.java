package io.millrace.state.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views an editor hands out never see later edits, and only views that may still be read make
 * edits copy: an exhausted cursor lets the editor go on changing its own nodes in place.
 */
class MapEditorViewsTest {
  @TempDir
  Path dir;

  private static String key(int i) {
    return String.format("key-%05d", i);
  }

  private static StateMap build(int keys) {
    StateMapBuilder builder = new StateMapBuilder();
    for (int i = 0; i < keys; i++) {
      builder.add(TestStores.bytes(key(i)), TestStores.bytes("v" + i));
    }
    return builder.build();
  }

  private static TreeMap<String, String> drain(Iterator<KeyValue> it) {
    TreeMap<String, String> out = new TreeMap<>();
    it.forEachRemaining(kv -> out.put(TestStores.text(kv.key()), TestStores.text(kv.value())));
    return out;
  }

  private static TreeMap<String, String> contents(MapEditor editor) {
    return drain(editor.iterator());
  }

  /** Overwrites {@code key(i)} and returns the nodes that copied: none when the editor edits in place. */
  private static long overwrite(MapEditor editor, int i, String value) {
    long before = editor.nodesCreated();
    editor.put(TestStores.bytes(key(i)), TestStores.bytes(value));
    return editor.nodesCreated() - before;
  }

  @Test
  void editsAfterAnExhaustedIteratorChangeTheEditorsNodesInPlace() {
    StateMap base = build(10_000);
    int depth = base.depth();
    MapEditor editor = base.edit();
    assertEquals(depth, overwrite(editor, 5, "a"), "the first write copies its path from the base");
    TreeMap<String, String> seen = contents(editor);
    assertEquals("a", seen.get(key(5)));
    assertTrue(editor.editsInPlace(), "an exhausted iterator still holds the editor's nodes");
    assertEquals(0, overwrite(editor, 5, "b"), "a write after the iterator was exhausted copied nodes");
    assertEquals(0, overwrite(editor, 6, "b"));
    assertEquals("b", TestStores.text(editor.get(TestStores.bytes(key(6)))));
    assertEquals("v6", seen.get(key(6)));
  }

  @Test
  void insertsAndRemovalsUnderALeafTheEditorOwnsCopyNothingUntilItSplits() {
    StateMapBuilder builder = new StateMapBuilder();
    for (int i = 0; i < 10_000; i += 2) {
      builder.add(TestStores.bytes(key(i)), TestStores.bytes("v"));
    }
    StateMap base = builder.build();
    MapEditor editor = base.edit();
    editor.put(TestStores.bytes(key(1)), TestStores.bytes("x"));
    assertEquals(base.depth(), editor.nodesCreated(), "the first insert copies its path");
    // The first leaf holds key(0) .. key(46); these stay inside it and leave it between MIN and MAX entries.
    for (int i = 3; i < 16; i += 2) {
      editor.put(TestStores.bytes(key(i)), TestStores.bytes("x"));
    }
    for (int i = 2; i < 12; i += 2) {
      editor.remove(TestStores.bytes(key(i)));
    }
    assertEquals(base.depth(), editor.nodesCreated(), "edits under a leaf the editor owns copied nodes");
    StateMap next = editor.current();
    Measure.checkShape(next);
    assertEquals(Measure.bytes(next), next.bytes(), "room to spare in leaves is not counted as it is");
    assertEquals(Measure.bytes(base, next) - Measure.bytes(base), next.addedBytes());
    assertEquals(5_000 + 8 - 5, next.size());
    assertEquals(5_000, base.size());
    assertEquals("v", TestStores.text(base.get(TestStores.bytes(key(2)))));
    assertEquals(null, base.get(TestStores.bytes(key(3))));
  }

  @Test
  void randomEditsWithViewsKeptAbandonedAndExhaustedMatchTheModel() {
    Random random = new Random(11);
    MapEditor editor = build(3_000).edit();
    TreeMap<String, String> model = contents(editor);
    List<Iterator<KeyValue>> cursors = new ArrayList<>();
    List<Iterator<Map.Entry<String, String>>> expectedCursors = new ArrayList<>();
    List<StateMap> maps = new ArrayList<>();
    List<TreeMap<String, String>> expectedMaps = new ArrayList<>();
    for (int op = 0; op < 30_000; op++) {
      double r = random.nextDouble();
      String k = key(random.nextInt(4_000));
      if (r < 0.45) {
        editor.put(TestStores.bytes(k), TestStores.bytes("v" + op));
        model.put(k, "v" + op);
      } else if (r < 0.88) {
        editor.remove(TestStores.bytes(k));
        model.remove(k);
      } else if (r < 0.90) {
        assertEquals(model, contents(editor), "an iterator exhausted at once, at op " + op);
      } else if (r < 0.91) {
        String prefix = k.substring(0, k.length() - 2);
        TreeMap<String, String> scanned = drain(editor.prefixScan(TestStores.bytes(prefix)));
        assertEquals(model.subMap(prefix, prefix + "\uffff"), scanned, "a prefix scan of " + prefix);
      } else if (r < 0.93) {
        cursors.add(editor.iterator());
        expectedCursors.add(new TreeMap<>(model).entrySet().iterator());
      } else if (r < 0.995 && !cursors.isEmpty()) {
        int c = random.nextInt(cursors.size());
        for (int step = random.nextInt(50); step > 0 && expectedCursors.get(c).hasNext(); step--) {
          Map.Entry<String, String> expected = expectedCursors.get(c).next();
          KeyValue kv = cursors.get(c).next();
          assertEquals(expected.getKey() + "=" + expected.getValue(),
              TestStores.text(kv.key()) + "=" + TestStores.text(kv.value()), "a cursor taken earlier, at op " + op);
        }
        assertEquals(expectedCursors.get(c).hasNext(), cursors.get(c).hasNext());
      } else {
        maps.add(editor.current());
        expectedMaps.add(new TreeMap<>(model));
      }
    }
    for (int c = 0; c < cursors.size(); c++) {
      TreeMap<String, String> rest = new TreeMap<>();
      expectedCursors.get(c).forEachRemaining(e -> rest.put(e.getKey(), e.getValue()));
      assertEquals(rest, drain(cursors.get(c)), "the rest of cursor " + c);
    }
    for (int m = 0; m < maps.size(); m++) {
      assertEquals(expectedMaps.get(m), drain(maps.get(m).iterator()), "map " + m + " from current()");
      Measure.checkShape(maps.get(m));
    }
    StateMap last = editor.current();
    assertEquals(model, drain(last.iterator()));
    Measure.checkShape(last);
    assertEquals(Measure.bytes(last), last.bytes());
  }

  @Test
  void aPrefixScanPastItsPrefixIsExhausted() {
    MapEditor editor = build(10_000).edit();
    overwrite(editor, 5, "a");
    Iterator<KeyValue> scan = editor.prefixScan(TestStores.bytes("key-0000"));
    assertEquals(10, drain(scan).size());
    assertTrue(editor.editsInPlace());
    Iterator<KeyValue> none = editor.prefixScan(TestStores.bytes("nothing"));
    assertFalse(none.hasNext());
    assertTrue(editor.editsInPlace(), "a scan that found nothing holds the editor's nodes");
    assertEquals(0, overwrite(editor, 5, "b"));
  }

  @Test
  void anOpenIteratorSeesNoLaterEditAndTheEditsCopyOnlyOnce() {
    StateMap base = build(10_000);
    int depth = base.depth();
    MapEditor editor = base.edit();
    overwrite(editor, 5, "a");
    editor.remove(TestStores.bytes(key(7)));
    TreeMap<String, String> before = contents(editor);
    Iterator<KeyValue> open = editor.iterator();
    assertEquals(key(0), TestStores.text(open.next().key()));
    assertFalse(editor.editsInPlace());
    assertEquals(depth, overwrite(editor, 5, "b"), "a write under an open iterator did not copy its path");
    assertEquals(0, overwrite(editor, 5, "c"), "the nodes copied for the new generation are the editor's own");
    editor.remove(TestStores.bytes(key(8)));
    editor.put(TestStores.bytes(key(7)), TestStores.bytes("back"));
    for (int i = 10_000; i < 10_500; i++) {
      editor.put(TestStores.bytes(key(i)), TestStores.bytes("new")); // splits
    }
    before.remove(key(0));
    assertEquals(before, drain(open), "an iterator taken before the writes saw them");
    assertEquals("c", contents(editor).get(key(5)));
  }

  @Test
  void anAbandonedIteratorCostsOneNewGenerationAndStaysAsItWas() {
    StateMap base = build(10_000);
    int depth = base.depth();
    MapEditor editor = base.edit();
    overwrite(editor, 5, "a");
    TreeMap<String, String> before = contents(editor);
    Iterator<KeyValue> abandoned = editor.iterator();
    abandoned.next();
    assertEquals(depth, overwrite(editor, 5, "b"));
    assertTrue(editor.editsInPlace(), "the abandoned iterator still makes edits copy");
    assertEquals(0, overwrite(editor, 5, "c"));
    for (int i = 0; i < 10_000; i += 3) {
      editor.remove(TestStores.bytes(key(i)));
    }
    before.remove(key(0));
    assertEquals(before, drain(abandoned), "an abandoned iterator resumed later saw later writes");
    // Exhausting it now says nothing about the generation it no longer belongs to.
    Iterator<KeyValue> open = editor.iterator();
    open.next();
    assertFalse(editor.editsInPlace());
  }

  @Test
  void aMapFromCurrentNeverSeesLaterEdits() {
    MapEditor editor = build(10_000).edit();
    overwrite(editor, 5, "a");
    StateMap frozen = editor.current();
    assertFalse(editor.editsInPlace(), "a map handed out can be read at any time");
    drain(frozen.iterator());
    assertFalse(editor.editsInPlace());
    overwrite(editor, 5, "b");
    editor.remove(TestStores.bytes(key(6)));
    assertEquals("a", TestStores.text(frozen.get(TestStores.bytes(key(5)))));
    assertEquals("v6", TestStores.text(frozen.get(TestStores.bytes(key(6)))));
    assertEquals(10_000, frozen.size());
    assertEquals(Measure.bytes(frozen), frozen.bytes());
    assertTrue(editor.editsInPlace());
  }

  @Test
  void aStoreThatIteratesThenRemovesTheExpiredKeysEditsInPlaceAndCommitsThem() {
    HdfsStateStoreProvider provider = TestStores.provider(dir, Map.of());
    TestStores.commitKeys(provider, 0, "k", 5_000, "v");
    StateStore store = provider.getStore(1);
    for (int i = 0; i < 5_000; i += 2) {
      store.put(TestStores.bytes("k" + i), TestStores.bytes("w"));
    }
    List<byte[]> expired = new ArrayList<>();
    for (Iterator<KeyValue> it = store.iterator(); it.hasNext(); ) {
      KeyValue kv = it.next();
      if (TestStores.text(kv.value()).equals("w")) {
        expired.add(kv.key());
      }
    }
    MapEditor editor = ((HdfsStateStore) store).editor();
    assertTrue(editor.editsInPlace(), "iterating over every entry left the store copying");
    long nodes = editor.nodesCreated();
    expired.forEach(store::remove);
    assertTrue(editor.editsInPlace());
    // Removals shift entries within leaves the puts already copied; only leaves that run low merge.
    assertTrue(editor.nodesCreated() - nodes < expired.size() / 10, (editor.nodesCreated() - nodes) + " nodes for "
        + expired.size() + " removals from the editor's own leaves");
    assertEquals(2, store.commit());
    HdfsStateStoreProvider fresh = TestStores.provider(dir, Map.of());
    assertEquals(2_500, fresh.getReadStore(2).metrics().numKeys());
    assertEquals(null, fresh.getReadStore(2).get(TestStores.bytes("k2")));
    assertEquals("v", TestStores.text(fresh.getReadStore(2).get(TestStores.bytes("k3"))));
  }
}
