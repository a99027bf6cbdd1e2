package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Walks a tree in key order, from the first key or from a prefix until the keys stop having
 * it. The tree never changes under it while it can still return entries (an editor copies what
 * it changes as long as one of its cursors is not exhausted), so writes to the store that made
 * it are safe while it runs, and it keeps working after the store is closed.
 */
final class TreeCursor implements Iterator<KeyValue> {
  private record Frame(Inner node, int child) {}

  private final Deque<Frame> path = new ArrayDeque<>();
  private final byte[] prefix;
  private final Runnable whenExhausted;
  private Leaf leaf;
  private int index;
  private KeyValue next;

  TreeCursor(Node root, byte[] prefix) {
    this(root, prefix, () -> {});
  }

  /**
   * A cursor that runs {@code whenExhausted} once, when it has found its last entry: from then
   * on it reads no node again.
   */
  TreeCursor(Node root, byte[] prefix, Runnable whenExhausted) {
    this.prefix = prefix;
    this.whenExhausted = whenExhausted;
    Node node = root;
    while (node instanceof Inner inner) {
      int child = prefix == null ? 0 : inner.childFor(prefix);
      path.push(new Frame(inner, child));
      node = inner.children[child];
    }
    leaf = (Leaf) node;
    if (prefix != null) {
      int found = Bytes.search(leaf.keys, leaf.count, prefix);
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
    if (prefix == null || Bytes.startsWith(key, prefix)) {
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
