package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * Builds the next version of a {@link StateMap} by path copying: each put or remove copies the
 * nodes from the root to one leaf (O(log n)) and shares the rest with the base, which never
 * changes. {@link #current()} is an immutable map of the edits so far, and an iterator taken
 * mid-batch is unaffected by later writes.
 *
 * <p>Nodes the editor made since it last handed out a view are its own, and an edit changes
 * them in place; the leaves it makes have room to spare, so inserts and removals under them
 * shift entries instead of allocating new arrays. Handing out a view does not by itself copy
 * anything: the first edit while a view may still be read starts a new generation, after which
 * the view's nodes are copied before they change. A map from {@link #current()} may be read forever; a cursor from
 * {@link #iterator()}, {@link #prefixScan} or {@link #range} only until it is exhausted. So the usual batch,
 * which iterates over every entry to find the expired ones and then removes them, goes on
 * editing its own nodes in place; a cursor abandoned early costs one new generation.
 *
 * <p>The editor keeps no log of what it touched: {@link #changes()}, what a delta file holds,
 * and the memory figures come from a {@link TreeDiff} of the edited tree against the base when
 * they are asked for, in time proportional to the changed leaves. A node's generation tells
 * whose it is. Used by one thread.
 */
final class MapEditor {
  private static final AtomicLong GENERATIONS = new AtomicLong();
  private static final byte[][] NO_ENTRIES = new byte[0][];

  private final StateMap base;
  /** Nodes of this generation or later are this editor's own; older ones are the base's. */
  private final long firstGeneration = GENERATIONS.incrementAndGet();
  /**
   * Nodes of this generation are this editor's and no view handed out since can still read
   * them: an edit changes them in place instead of copying them again (a batch often edits
   * many keys under one node). An edit while a view may be read first starts a new generation.
   */
  private long generation = firstGeneration;
  /** Whether a map from {@link #current()} reaches nodes of this generation. */
  private boolean mapHandedOut;
  /** Cursors over nodes of this generation that may still read them (not exhausted). */
  private int openCursors;
  private Node root;
  private long size;
  private long nodesCreated;
  private StateMap frozen;
  /** The diff of the tree as it is now against the base, until the next edit. */
  private TreeDiff diff;
  // Results of the last leaf operation and of a split, passed up the recursion.
  private boolean found;
  /** Set for the descent of {@link #putIfAbsent}: a key found is left as it is, in {@link #present}. */
  private boolean onlyIfAbsent;
  private byte[] present;
  /** Keys {@link #deleteRange} has removed so far. */
  private long rangeRemoved;
  private Node splitRight;
  private byte[] splitLow;
  /** The inner nodes an insert went down through, and the child it took in each. */
  private Inner[] path = new Inner[8];
  private int[] pathIndex = new int[8];

  MapEditor(StateMap base) {
    this.base = base;
    this.root = base.root();
    this.size = base.size();
  }

  StateMap base() {
    return base;
  }

  /**
   * Sets {@code key} to {@code value}; the editor keeps both arrays, which nobody changes
   * afterwards (the SPI's put forbids the caller to).
   */
  void put(byte[] key, byte[] value) {
    beforeEdit();
    edited();
    root = insert(root, key, value);
    if (splitRight != null) {
      root = newInner(new byte[][] {null, splitLow}, new Node[] {root, splitRight});
      splitRight = null;
    }
    if (!found) {
      size++;
    }
  }

  /**
   * Sets {@code key} to {@code value} unless it has a value; returns that value (and changes
   * nothing), or null when it set it. One descent, where a get and then a put took two.
   */
  byte[] putIfAbsent(byte[] key, byte[] value) {
    beforeEdit(); // may start a generation for nothing when the key is present; that costs no node
    onlyIfAbsent = true;
    Node after;
    try {
      after = insert(root, key, value);
    } finally {
      onlyIfAbsent = false;
    }
    if (found) {
      return present; // the descent changed no node
    }
    edited();
    root = after;
    if (splitRight != null) {
      root = newInner(new byte[][] {null, splitLow}, new Node[] {root, splitRight});
      splitRight = null;
    }
    size++;
    return null;
  }

  /** Removes {@code key}; a missing key changes nothing. */
  void remove(byte[] key) {
    beforeEdit();
    Node after = delete(root, key);
    if (!found) {
      return;
    }
    edited();
    root = collapse(after);
    size--;
  }

  /**
   * Removes the keys in {@code [from, to)} and returns how many there were. Subtrees wholly in
   * the range go at once, whatever their size: a deduplication's eviction removes the oldest
   * keys of every batch, a run at the tree's left edge, and key by key that was a descent, a
   * shift and every few keys a merge of leaves, for each key.
   */
  long removeRange(byte[] from, byte[] to) {
    if (Bytes.compare(from, to) >= 0) {
      return 0;
    }
    beforeEdit();
    rangeRemoved = 0;
    Node after = deleteRange(root, from, to);
    if (rangeRemoved == 0) {
      return 0;
    }
    edited();
    root = collapse(after);
    size -= rangeRemoved;
    return rangeRemoved;
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
      TreeDiff d = diff(false);
      frozen = new StateMap(root, size, base.bytes() - d.releasedBytes() + d.addedBytes(), base.id(), d.addedBytes());
    }
    mapHandedOut = true;
    return frozen;
  }

  /** Every entry of the map as edited so far, in key order; later edits do not change what it returns. */
  Iterator<KeyValue> iterator() {
    return TreeCursor.all(root, cursorDone());
  }

  /** The entries whose key starts with {@code prefix}, as {@link #iterator()}. */
  Iterator<KeyValue> prefixScan(byte[] prefix) {
    return TreeCursor.prefixed(root, prefix, cursorDone());
  }

  /** The entries with keys in {@code [from, to)}, as {@link #iterator()}. */
  Iterator<KeyValue> range(byte[] from, byte[] to) {
    return TreeCursor.range(root, from, to, cursorDone());
  }

  /** Counts a cursor as open until it is exhausted, when it runs what this returns. */
  private Runnable cursorDone() {
    long readGeneration = generation;
    openCursors++;
    return () -> {
      // A cursor of an older generation was already let go of when that generation ended.
      if (readGeneration == generation) {
        openCursors--;
      }
    };
  }

  /** Whether edits change this generation's nodes in place: no view handed out may still read them. */
  boolean editsInPlace() {
    return !mapHandedOut && openCursors == 0;
  }

  /** Heap bytes this editor holds beyond its base: new nodes, and keys and values the base does not have. */
  long workingBytes() {
    return diff(false).addedBytes();
  }

  /** Tree nodes created so far: O(changes × depth), never O(size); tests check it. */
  long nodesCreated() {
    return nodesCreated;
  }

  /**
   * The net changes against the base in key order: puts with their value, and removals (null)
   * of keys the base had. A key removed that the base never had is no change and is skipped,
   * and so is a key put with the bytes it had: equal batches on equal bases give equal deltas,
   * whether the base's arrays are ones a caller put or ones read from files.
   */
  ChangeList changes() {
    return diff(true).changes();
  }

  /**
   * Hands the net changes, as {@link #changes()} lists them, to {@code sink} in key order; the
   * diff that finds them also measures the map {@link #current()} then returns.
   */
  void writeChanges(BiConsumer<byte[], byte[]> sink) {
    diff = TreeDiff.between(base.root(), root, firstGeneration, sink);
  }

  /** The diff of the tree as it is now against the base, listing the changes if asked to. */
  TreeDiff diff(boolean withChanges) {
    if (diff == null || (withChanges && diff.changes() == null)) {
      diff = TreeDiff.between(base.root(), root, firstGeneration, withChanges);
    }
    return diff;
  }

  /** Starts a new generation if a view handed out may still read this one, so that it stays as it is. */
  private void beforeEdit() {
    if (!editsInPlace()) {
      generation = GENERATIONS.incrementAndGet();
      mapHandedOut = false;
      openCursors = 0;
    }
  }

  /** The tree is about to change: what was derived from it no longer holds. */
  private void edited() {
    frozen = null;
    diff = null;
  }

  // ---- nodes

  /**
   * A leaf of this generation holding entries {@code [from, to)} of {@code keys} and
   * {@code values}. Every leaf an editor makes has room for {@link Node#MAX} entries, so that
   * later edits under it shift entries in place until it splits.
   */
  private Leaf newLeaf(byte[][] keys, byte[][] values, int from, int to) {
    byte[][] ownKeys = new byte[Node.MAX][];
    byte[][] ownValues = new byte[Node.MAX][];
    System.arraycopy(keys, from, ownKeys, 0, to - from);
    System.arraycopy(values, from, ownValues, 0, to - from);
    nodesCreated++;
    return new Leaf(generation, ownKeys, ownValues, to - from);
  }

  /** {@code leaf} itself if this generation owns it, else a copy of it that this generation owns. */
  private Leaf own(Leaf leaf) {
    return leaf.generation == generation ? leaf : newLeaf(leaf.keys, leaf.values, 0, leaf.count);
  }

  private Inner newInner(byte[][] lows, Node[] children) {
    nodesCreated++;
    return new Inner(generation, lows, children);
  }

  // ---- insert

  /**
   * The tree under {@code top} with the entry inserted. A loop down to the leaf and back up
   * rather than a recursion: the JIT inlines a recursive method into itself, and this one,
   * the hottest of a deduplication, then took C2 about half a second of one of two cores to
   * compile, three times over, while the first batches ran.
   */
  private Node insert(Node top, byte[] key, byte[] value) {
    int depth = 0;
    Node node = top;
    while (node instanceof Inner inner) {
      if (depth == path.length) {
        path = Arrays.copyOf(path, depth * 2);
        pathIndex = Arrays.copyOf(pathIndex, depth * 2);
      }
      int i = inner.childFor(key);
      path[depth] = inner;
      pathIndex[depth] = i;
      depth++;
      node = inner.children[i];
    }
    Node child = insertIntoLeaf((Leaf) node, key, value);
    Node result = top;
    for (int d = depth - 1; d >= 0; d--) {
      Inner inner = path[d];
      Node changed = withInsertedChild(inner, pathIndex[d], child);
      if (changed == inner && splitRight == null) {
        break; // nothing above it changes: it is the same node, edited in place or not at all
      }
      child = changed;
      if (d == 0) {
        result = changed;
      }
    }
    if (depth == 0) {
      result = child;
    }
    Arrays.fill(path, 0, depth, null); // the editor outlives the edit; its nodes need not
    return result;
  }

  /** {@code inner} with child {@code i} replaced by {@code child}, and a split of the child ({@link #splitRight}) taken in. */
  private Node withInsertedChild(Inner inner, int i, Node child) {
    Node right = splitRight;
    byte[] rightLow = splitLow;
    splitRight = null;
    if (right == null && child == inner.children[i]) {
      return inner; // the child changed in place, or not at all (putIfAbsent of a present key)
    }
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
    return children.length > Node.MAX ? splitInner(lows, children) : newInner(lows, children);
  }

  private Node insertIntoLeaf(Leaf leaf, byte[] key, byte[] value) {
    int at = Bytes.search(leaf.keys, leaf.count, key);
    found = at >= 0;
    if (found && onlyIfAbsent) {
      present = leaf.values[at];
      return leaf;
    }
    if (found) {
      // The key array is equal and immutable: the tree keeps the one it has.
      Leaf own = own(leaf);
      own.values[at] = value;
      return own;
    }
    at = -at - 1;
    if (leaf.count >= Node.MAX) {
      return splitInserting(leaf, at, key, value);
    }
    Leaf own = own(leaf);
    own.insertAt(at, key, value);
    return own;
  }

  /**
   * Splits a full leaf into halves and inserts the new entry into the half it belongs to; an
   * entry past the leaf's last key starts a new leaf of its own instead, and the full leaf
   * stays as it is. Keys that mostly grow (a deduplication's ids, a window's start) then fill
   * their leaves, where halving left every leaf half empty for good: four times the leaves the
   * keys need, and twice the arrays for the GC to copy.
   */
  private Node splitInserting(Leaf leaf, int at, byte[] key, byte[] value) {
    if (at == leaf.count) {
      Leaf right = newLeaf(new byte[][] {key}, new byte[][] {value}, 0, 1);
      splitRight = right;
      splitLow = key;
      return leaf;
    }
    int half = leaf.count / 2;
    Leaf right = newLeaf(leaf.keys, leaf.values, half, leaf.count);
    Leaf left;
    if (leaf.generation == generation) {
      leaf.truncate(half);
      left = leaf;
    } else {
      left = newLeaf(leaf.keys, leaf.values, 0, half);
    }
    if (at <= half) {
      left.insertAt(at, key, value);
    } else {
      right.insertAt(at - half, key, value);
    }
    splitRight = right;
    splitLow = right.keys[0];
    return left;
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

  /**
   * The node without {@code key}: the same node if the key is not there (nothing copied) or if
   * this generation owns it (changed in place), else a copy.
   */
  private Node delete(Node node, byte[] key) {
    if (node instanceof Leaf leaf) {
      int at = Bytes.search(leaf.keys, leaf.count, key);
      found = at >= 0;
      if (!found) {
        return leaf;
      }
      Leaf own = own(leaf);
      own.removeAt(at);
      return own;
    }
    Inner inner = (Inner) node;
    int i = inner.childFor(key);
    Node child = delete(inner.children[i], key);
    if (!found) {
      return inner;
    }
    if (inner.generation == generation && child.size() >= Node.MIN) {
      inner.children[i] = child; // same shape: no removal, no rebalance at this level
      return inner;
    }
    byte[][] lows = inner.lows.clone();
    Node[] children = inner.children.clone();
    children[i] = child;
    if (child.size() == 0) {
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

  // ---- delete a range

  /**
   * The node without the keys in {@code [from, to)}: the same node if it has none of them, else
   * one without empty children, whose children below {@link Node#MIN} entries are merged into a
   * neighbour. Only the two children holding the range's ends are walked into; those between
   * them are dropped whole. A grandchild that a merge of two inner nodes brings along stays as
   * full as it is: the tree stays valid, only less full there.
   */
  private Node deleteRange(Node node, byte[] from, byte[] to) {
    if (node instanceof Leaf leaf) {
      int start = insertionPoint(leaf, from);
      int end = insertionPoint(leaf, to);
      if (start >= end) {
        return leaf;
      }
      Leaf own = own(leaf);
      own.removeRange(start, end);
      rangeRemoved += end - start;
      return own;
    }
    Inner inner = (Inner) node;
    int first = inner.childFor(from);
    int last = inner.childFor(to);
    long before = rangeRemoved;
    List<byte[]> lows = new ArrayList<>(inner.children.length);
    List<Node> children = new ArrayList<>(inner.children.length);
    for (int c = 0; c < inner.children.length; c++) {
      Node child = inner.children[c];
      if (c > first && c < last) {
        rangeRemoved += entries(child);
        continue;
      }
      if (c == first || c == last) {
        child = deleteRange(child, from, to);
        if (child.size() == 0) {
          continue;
        }
      }
      // A kept child's bound still separates it from the kept children before it.
      lows.add(children.isEmpty() ? null : inner.lows[c]);
      children.add(child);
    }
    if (rangeRemoved == before) {
      return inner;
    }
    Inner result = newInner(lows.toArray(new byte[0][]), children.toArray(new Node[0]));
    for (int small = underfull(result); small >= 0; small = underfull(result)) {
      result = rebalance(result.lows.clone(), result.children.clone(), small > 0 ? small - 1 : small);
    }
    return result;
  }

  /** The first child below {@link Node#MIN} entries, or -1; an only child is left to the parent. */
  private static int underfull(Inner inner) {
    if (inner.children.length < 2) {
      return -1;
    }
    for (int c = 0; c < inner.children.length; c++) {
      if (inner.children[c].size() < Node.MIN) {
        return c;
      }
    }
    return -1;
  }

  private static int insertionPoint(Leaf leaf, byte[] key) {
    int at = Bytes.search(leaf.keys, leaf.count, key);
    return at >= 0 ? at : -at - 1;
  }

  /** The entries under {@code node}. */
  private static long entries(Node node) {
    if (node instanceof Leaf leaf) {
      return leaf.count;
    }
    long n = 0;
    for (Node child : ((Inner) node).children) {
      n += entries(child);
    }
    return n;
  }

  /** Merges children {@code l} and {@code l + 1}, splitting the result evenly if it is too big. */
  private Inner rebalance(byte[][] lows, Node[] children, int l) {
    Node a = children[l];
    Node b = children[l + 1];
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
    int total = a.count + b.count;
    byte[][] keys = Arrays.copyOf(a.keys, total);
    byte[][] values = Arrays.copyOf(a.values, total);
    System.arraycopy(b.keys, 0, keys, a.count, b.count);
    System.arraycopy(b.values, 0, values, a.count, b.count);
    if (total <= Node.MAX) {
      return newLeaf(keys, values, 0, total);
    }
    int half = total / 2;
    Leaf right = newLeaf(keys, values, half, total);
    splitRight = right;
    splitLow = right.keys[0];
    return newLeaf(keys, values, 0, half);
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
      top = inner.children.length == 1 ? inner.children[0] : newLeaf(NO_ENTRIES, NO_ENTRIES, 0, 0);
    }
    return top;
  }
}
