package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Walks a tree in key order: every key, the keys with a prefix, or the keys of a range
 * {@code [from, to)}. The tree never changes under it while it can still return entries (an editor copies what
 * it changes as long as one of its cursors is not exhausted), so writes to the store that made
 * it are safe while it runs, and it keeps working after the store is closed.
 */
final class TreeCursor implements Iterator<KeyValue> {
  private record Frame(Inner node, int child) {}

  private final Deque<Frame> path = new ArrayDeque<>();
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
      path.push(new Frame(inner, child));
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

  private void exhausted() {
    leaf = null;
    path.clear();
    whenExhausted.run();
  }

  private boolean nextLeaf() {
    while (!path.isEmpty()) {
      Frame top = path.pop();
      if (top.child() + 1 < top.node().children.length) {
        path.push(new Frame(top.node(), top.child() + 1));
        Node node = top.node().children[top.child() + 1];
        while (node instanceof Inner inner) {
          path.push(new Frame(inner, 0));
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
