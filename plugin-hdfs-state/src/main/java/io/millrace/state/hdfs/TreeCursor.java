package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Walks a tree in key order: every key, the keys with a prefix, or the keys of a range
 * {@code [from, to)}. The tree never changes under it while it can still return entries (an editor copies what
 * it changes as long as one of its cursors is not exhausted), so writes to the store that made
 * it are safe while it runs, and it keeps working after the store is closed.
 */
final class TreeCursor implements Iterator<KeyValue> {
  /**
   * The inner nodes above the leaf, root first, and the child taken in each: two arrays, not a
   * deque of frames; a join opens a cursor for every row it probes with, and the frames and
   * the deque's clearing were a noticeable part of that.
   */
  private Inner[] nodes = new Inner[6];
  private int[] childIndex = new int[6];
  private int depth;
  private final byte[] prefix;
  /** The first key past the walk, or null. */
  private final byte[] to;
  private final Runnable whenExhausted;
  private Leaf leaf;
  private int index;
  private KeyValue next;

  static TreeCursor all(Node root, Runnable whenExhausted) {
    return new TreeCursor(root, null, null, null, whenExhausted);
  }

  static TreeCursor prefixed(Node root, byte[] prefix, Runnable whenExhausted) {
    return new TreeCursor(root, prefix, prefix, null, whenExhausted);
  }

  static TreeCursor range(Node root, byte[] from, byte[] to, Runnable whenExhausted) {
    return new TreeCursor(root, from, null, to, whenExhausted);
  }

  /**
   * A cursor from the first key at or after {@code from} (the first key when null) while keys
   * start with {@code prefix} and are less than {@code to} (when not null). It runs
   * {@code whenExhausted} once, when it has found its last entry: from then on it reads no node
   * again.
   */
  private TreeCursor(Node root, byte[] from, byte[] prefix, byte[] to, Runnable whenExhausted) {
    this.prefix = prefix;
    this.to = to;
    this.whenExhausted = whenExhausted;
    Node node = root;
    while (node instanceof Inner inner) {
      int child = from == null ? 0 : inner.childFor(from);
      push(inner, child);
      node = inner.children[child];
    }
    leaf = (Leaf) node;
    if (from != null) {
      int found = Bytes.search(leaf.keys, leaf.count, from);
      index = found >= 0 ? found : -found - 1;
    }
    advance();
  }

  private void advance() {
    next = null;
    while (index >= leaf.count) {
      if (!nextLeaf()) {
        exhausted();
        return;
      }
    }
    byte[] key = leaf.keys[index];
    if ((prefix == null || Bytes.startsWith(key, prefix)) && (to == null || Bytes.compare(key, to) < 0)) {
      next = new KeyValue(key, leaf.values[index]);
      index++;
    } else {
      exhausted();
    }
  }

  private void push(Inner inner, int child) {
    if (depth == nodes.length) {
      nodes = Arrays.copyOf(nodes, depth * 2);
      childIndex = Arrays.copyOf(childIndex, depth * 2);
    }
    nodes[depth] = inner;
    childIndex[depth] = child;
    depth++;
  }

  private void exhausted() {
    leaf = null;
    nodes = null; // the cursor may outlive its walk; the nodes need not
    depth = 0;
    whenExhausted.run();
  }

  private boolean nextLeaf() {
    while (depth > 0) {
      depth--;
      Inner top = nodes[depth];
      int child = childIndex[depth] + 1;
      if (child < top.children.length) {
        push(top, child);
        Node node = top.children[child];
        while (node instanceof Inner inner) {
          push(inner, 0);
          node = inner.children[0];
        }
        leaf = (Leaf) node;
        index = 0;
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean hasNext() {
    return next != null;
  }

  @Override
  public KeyValue next() {
    if (next == null) {
      throw new NoSuchElementException();
    }
    KeyValue out = next;
    advance();
    return out;
  }
}
