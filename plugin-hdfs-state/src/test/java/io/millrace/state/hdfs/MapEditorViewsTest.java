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
    expired.forEach(store::remove);
    assertTrue(editor.editsInPlace());
    assertEquals(2, store.commit());
    HdfsStateStoreProvider fresh = TestStores.provider(dir, Map.of());
    assertEquals(2_500, fresh.getReadStore(2).metrics().numKeys());
    assertEquals(null, fresh.getReadStore(2).get(TestStores.bytes("k2")));
    assertEquals("v", TestStores.text(fresh.getReadStore(2).get(TestStores.bytes("k3"))));
  }
}
