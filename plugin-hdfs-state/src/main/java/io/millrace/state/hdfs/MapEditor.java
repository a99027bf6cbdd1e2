package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Builds the next version of a {@link StateMap} by path copying: each put or remove copies the
 * nodes from the root to one leaf (O(log n)) and shares the rest with the base, which never
 * changes. {@link #current()} is an immutable map of the edits so far, so an iterator taken
 * mid-batch is unaffected by later writes. The editor also keeps, in key order, the final
 * change of every key it touched, which is what a delta file holds.
 *
 * <p>Memory is measured as the edits happen: bytes of nodes and arrays this editor created and
 * still uses ({@code added}), and bytes of the base it no longer uses ({@code released}); a
 * node's generation tells whose it is. Used by one thread.
 */
final class MapEditor {
  private static final AtomicLong GENERATIONS = new AtomicLong();

  /** The final change of one touched key: the value, or null for a removal. */
  private static final class Touch {
    final boolean inBase;
    byte[] value;
    boolean keyOurs;
    boolean valueOurs;

    Touch(boolean inBase) {
      this.inBase = inBase;
    }
  }

  private final StateMap base;
  /** Nodes of this generation or later are this editor's own (memory accounting). */
  private final long firstGeneration = GENERATIONS.incrementAndGet();
  /**
   * Nodes of this generation are this editor's and not yet part of any map handed out by
   * {@link #current()}: nobody else can see them, so an edit changes them in place instead of
   * copying them again (a batch often edits many keys under one node). {@link #current()}
   * starts a new generation, so what it handed out stays as it is.
   */
  private long generation = firstGeneration;
  private final TreeMap<byte[], Touch> touched = new TreeMap<>(Bytes.ORDER);
  private Node root;
  private long size;
  private long added;
  private long released;
  private long nodesCreated;
  private StateMap frozen;
  // Results of the last leaf operation and of a split, passed up the recursion.
  private byte[] previousKey;
  private byte[] previousValue;
  private Node splitRight;
  private byte[] splitLow;

  MapEditor(StateMap base) {
    this.base = base;
    this.root = base.root();
    this.size = base.size();
  }

  StateMap base() {
    return base;
  }

  /** Sets {@code key} to {@code value}; the editor keeps both arrays, so callers pass copies. */
  void put(byte[] key, byte[] value) {
    frozen = null;
    root = insert(root, key, value);
    if (splitRight != null) {
      root = newInner(new byte[][] {null, splitLow}, new Node[] {root, splitRight});
      splitRight = null;
    }
    Touch touch = touch(previousKey != null ? previousKey : key, previousValue != null);
    if (previousValue != null) {
      free(previousValue, touch.valueOurs);
    } else {
      added += MemoryLayout.byteArray(key.length);
      touch.keyOurs = true;
      size++;
    }
    added += MemoryLayout.byteArray(value.length);
    touch.value = value;
    touch.valueOurs = true;
  }

  /** Removes {@code key}; a missing key changes nothing. */
  void remove(byte[] key) {
    Node after = delete(root, key);
    if (previousValue == null) {
      return;
    }
    frozen = null;
    root = collapse(after);
    Touch touch = touch(previousKey, true);
    free(previousValue, touch.valueOurs);
    free(previousKey, touch.keyOurs);
    touch.value = null;
    touch.valueOurs = false;
    touch.keyOurs = false;
    size--;
  }

  /** Applies one change of a delta file: a put, or a removal when {@code value} is null. */
  void apply(byte[] key, byte[] value) {
    if (value == null) {
      remove(key);
    } else {
      put(key, value);
    }
  }

  byte[] get(byte[] key) {
    return StateMap.lookup(root, key);
  }

  long size() {
    return size;
  }

  /** The map as edited so far; a new immutable version that later edits do not change. */
  StateMap current() {
    if (frozen == null) {
      frozen = new StateMap(root, size, base.bytes() - released + added, base.id(), added);
      generation = GENERATIONS.incrementAndGet();
    }
    return frozen;
  }

  /** Keys touched so far; a key touched several times counts once. */
  int touchedKeys() {
    return touched.size();
  }

  /** Heap bytes this editor holds beyond its base: new nodes, keys, values, and the change log. */
  long workingBytes() {
    long log = 0;
    for (byte[] key : touched.keySet()) {
      log += MemoryLayout.CHANGE_ENTRY + MemoryLayout.byteArray(key.length);
    }
    return added + log;
  }

  /** Tree nodes created so far: O(changes × depth), never O(size); tests check it. */
  long nodesCreated() {
    return nodesCreated;
  }

  /**
   * The net changes against the base in key order: puts with their value, and removals (null)
   * of keys the base had. A key removed that the base never had is no change and is skipped,
   * so equal batches on equal bases give equal deltas.
   */
  List<KeyValue> changes() {
    List<KeyValue> out = new ArrayList<>(touched.size());
    for (Map.Entry<byte[], Touch> e : touched.entrySet()) {
      Touch t = e.getValue();
      if (t.value != null || t.inBase) {
        out.add(new KeyValue(e.getKey(), t.value));
      }
    }
    return out;
  }

  private Touch touch(byte[] key, boolean inCurrent) {
    // One descent of the log for a new key, not a get and then a put: a batch of a
    // deduplication touches about a million keys, and the log's descents were a fifth of it.
    // On a first touch, what the tree holds now is what the base holds.
    return touched.computeIfAbsent(key, k -> new Touch(inCurrent));
  }

  private void free(byte[] array, boolean ours) {
    if (ours) {
      added -= MemoryLayout.byteArray(array.length);
    } else {
      released += MemoryLayout.byteArray(array.length);
    }
  }

  // ---- nodes

  private Leaf newLeaf(byte[][] keys, byte[][] values) {
    Leaf leaf = new Leaf(generation, keys, values);
    created(leaf);
    return leaf;
  }

  private Inner newInner(byte[][] lows, Node[] children) {
    Inner inner = new Inner(generation, lows, children);
    created(inner);
    return inner;
  }

  private void created(Node node) {
    added += node.structureBytes();
    nodesCreated++;
  }

  /** {@code node} is no longer part of the edited tree. */
  private void drop(Node node) {
    if (node.generation >= firstGeneration) {
      added -= node.structureBytes();
    } else {
      released += node.structureBytes();
    }
  }

  // ---- insert

  private Node insert(Node node, byte[] key, byte[] value) {
    if (node instanceof Leaf leaf) {
      return insertIntoLeaf(leaf, key, value);
    }
    Inner inner = (Inner) node;
    int i = inner.childFor(key);
    Node child = insert(inner.children[i], key, value);
    Node right = splitRight;
    byte[] rightLow = splitLow;
    splitRight = null;
    if (right == null && inner.generation == generation) {
      inner.children[i] = child;
      return inner;
    }
    byte[][] lows;
    Node[] children;
    if (right == null) {
      lows = inner.lows.clone();
      children = inner.children.clone();
      children[i] = child;
    } else {
      lows = Arrays2.insertAt(inner.lows, i + 1, rightLow);
      children = Arrays2.insertAt(inner.children, i + 1, right);
      children[i] = child;
    }
    drop(inner);
    return children.length > Node.MAX ? splitInner(lows, children) : newInner(lows, children);
  }

  private Node insertIntoLeaf(Leaf leaf, byte[] key, byte[] value) {
    int found = Bytes.search(leaf.keys, leaf.keys.length, key);
    if (found >= 0 && leaf.generation == generation) {
      previousKey = leaf.keys[found];
      previousValue = leaf.values[found];
      leaf.values[found] = value;
      return leaf;
    }
    drop(leaf);
    if (found >= 0) {
      previousKey = leaf.keys[found];
      previousValue = leaf.values[found];
      byte[][] values = leaf.values.clone();
      values[found] = value;
      // The key array is equal and immutable: keep the one the tree already has.
      return newLeaf(leaf.keys.clone(), values);
    }
    previousKey = null;
    previousValue = null;
    int at = -found - 1;
    byte[][] keys = Arrays2.insertAt(leaf.keys, at, key);
    byte[][] values = Arrays2.insertAt(leaf.values, at, value);
    return keys.length > Node.MAX ? splitLeaf(keys, values) : newLeaf(keys, values);
  }

  private Node splitLeaf(byte[][] keys, byte[][] values) {
    int half = keys.length / 2;
    Leaf right = newLeaf(Arrays.copyOfRange(keys, half, keys.length), Arrays.copyOfRange(values, half, values.length));
    splitRight = right;
    splitLow = right.keys[0];
    return newLeaf(Arrays.copyOf(keys, half), Arrays.copyOf(values, half));
  }

  private Node splitInner(byte[][] lows, Node[] children) {
    int half = children.length / 2;
    byte[][] rightLows = Arrays.copyOfRange(lows, half, lows.length);
    splitLow = rightLows[0];
    rightLows[0] = null;
    splitRight = newInner(rightLows, Arrays.copyOfRange(children, half, children.length));
    return newInner(Arrays.copyOf(lows, half), Arrays.copyOf(children, half));
  }

  // ---- delete

  /** The node without {@code key}; the same node (nothing copied) if the key is not there. */
  private Node delete(Node node, byte[] key) {
    if (node instanceof Leaf leaf) {
      int found = Bytes.search(leaf.keys, leaf.keys.length, key);
      if (found < 0) {
        previousKey = null;
        previousValue = null;
        return leaf;
      }
      previousKey = leaf.keys[found];
      previousValue = leaf.values[found];
      drop(leaf);
      return newLeaf(Arrays2.removeAt(leaf.keys, found), Arrays2.removeAt(leaf.values, found));
    }
    Inner inner = (Inner) node;
    int i = inner.childFor(key);
    Node child = delete(inner.children[i], key);
    if (child == inner.children[i]) {
      return inner;
    }
    if (inner.generation == generation && child.size() >= Node.MIN) {
      inner.children[i] = child; // same shape: no removal, no rebalance at this level
      return inner;
    }
    byte[][] lows = inner.lows.clone();
    Node[] children = inner.children.clone();
    children[i] = child;
    drop(inner);
    if (child.size() == 0) {
      drop(child);
      lows = Arrays2.removeAt(lows, i);
      children = Arrays2.removeAt(children, i);
      if (lows.length > 0) {
        lows[0] = null;
      }
      return newInner(lows, children);
    }
    if (child.size() < Node.MIN && children.length > 1) {
      return rebalance(lows, children, i > 0 ? i - 1 : i);
    }
    return newInner(lows, children);
  }

  /** Merges children {@code l} and {@code l + 1}, splitting the result evenly if it is too big. */
  private Inner rebalance(byte[][] lows, Node[] children, int l) {
    Node a = children[l];
    Node b = children[l + 1];
    drop(a);
    drop(b);
    Node merged = a instanceof Leaf left ? mergeLeaves(left, (Leaf) b) : mergeInners((Inner) a, (Inner) b, lows[l + 1]);
    if (splitRight == null) {
      children[l] = merged;
      return newInner(Arrays2.removeAt(lows, l + 1), Arrays2.removeAt(children, l + 1));
    }
    children[l] = merged;
    children[l + 1] = splitRight;
    lows[l + 1] = splitLow;
    splitRight = null;
    return newInner(lows, children);
  }

  private Node mergeLeaves(Leaf a, Leaf b) {
    byte[][] keys = Arrays2.concat(a.keys, b.keys);
    byte[][] values = Arrays2.concat(a.values, b.values);
    return keys.length > Node.MAX ? splitLeaf(keys, values) : newLeaf(keys, values);
  }

  private Node mergeInners(Inner a, Inner b, byte[] lowOfB) {
    byte[][] bLows = b.lows.clone();
    bLows[0] = lowOfB;
    byte[][] lows = Arrays2.concat(a.lows, bLows);
    Node[] children = Arrays2.concat(a.children, b.children);
    return children.length > Node.MAX ? splitInner(lows, children) : newInner(lows, children);
  }

  /** Removes root levels with a single child, so the tree gets shallower as it empties. */
  private Node collapse(Node node) {
    Node top = node;
    while (top instanceof Inner inner && inner.children.length <= 1) {
      drop(inner);
      top = inner.children.length == 1 ? inner.children[0] : newLeaf(new byte[0][], new byte[0][]);
    }
    return top;
  }
}
