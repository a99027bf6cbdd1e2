package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One version of a store's state: an immutable, sorted map from key bytes to value bytes, held
 * as a copy-on-write B+tree. Making the next version ({@link #edit()}) copies only the paths
 * from the root to the keys that change, so it costs O(changes × log n) time and memory, and
 * this version stays exactly as it was for everyone still reading it.
 *
 * <p>{@link #bytes()} is the measured heap size of everything this version reaches. Versions
 * made from one another share most of their nodes; {@link #parentId()} and
 * {@link #addedBytes()} say what this one added to the version it was edited from, so a cache
 * holding both counts the shared part once.
 */
final class StateMap {
  private static final AtomicLong IDS = new AtomicLong();

  /** Version 0: no keys. */
  static final StateMap EMPTY = new StateMap(new Leaf(0, new byte[0][], new byte[0][], 0), 0, -1, 0);

  private final Node root;
  private final long size;
  private final long bytes;
  private final long id = IDS.incrementAndGet();
  private final long parentId;
  private final long addedBytes;

  StateMap(Node root, long size, long bytes, long parentId, long addedBytes) {
    this.root = root;
    this.size = size;
    this.bytes = bytes;
    this.parentId = parentId;
    this.addedBytes = addedBytes;
  }

  private StateMap(Node root, long size, long parentId, long addedBytes) {
    this(root, size, root.structureBytes(), parentId, addedBytes);
  }

  Node root() {
    return root;
  }

  /** Number of keys. */
  long size() {
    return size;
  }

  /** Heap bytes of every node, key and value this version reaches. */
  long bytes() {
    return bytes;
  }

  /** Identifies this map object (two loads of one version are two maps). */
  long id() {
    return id;
  }

  /** The map this one was edited from, or -1 if it was built from files. */
  long parentId() {
    return parentId;
  }

  /** Bytes this map holds that its parent does not. */
  long addedBytes() {
    return addedBytes;
  }

  byte[] get(byte[] key) {
    return lookup(root, key);
  }

  static byte[] lookup(Node root, byte[] key) {
    Node node = root;
    while (node instanceof Inner inner) {
      node = inner.children[inner.childFor(key)];
    }
    Leaf leaf = (Leaf) node;
    int i = Bytes.search(leaf.keys, leaf.count, key);
    return i < 0 ? null : leaf.values[i];
  }

  /** Every entry in key order. */
  Iterator<KeyValue> iterator() {
    return TreeCursor.all(root, () -> {});
  }

  /** The entries whose key starts with {@code prefix}, in key order. */
  Iterator<KeyValue> prefixScan(byte[] prefix) {
    return TreeCursor.prefixed(root, prefix, () -> {});
  }

  /** The entries with keys in {@code [from, to)}, in key order. */
  Iterator<KeyValue> range(byte[] from, byte[] to) {
    return TreeCursor.range(root, from, to, () -> {});
  }

  /** A builder of the next version that shares everything it does not change. */
  MapEditor edit() {
    return new MapEditor(this);
  }

  /** Levels from the root to the leaves (1 for a lone leaf). */
  int depth() {
    int depth = 1;
    for (Node node = root; node instanceof Inner inner; node = inner.children[0]) {
      depth++;
    }
    return depth;
  }
}
