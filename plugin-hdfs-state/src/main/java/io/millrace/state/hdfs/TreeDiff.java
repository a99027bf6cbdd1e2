package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * What a tree edited by a {@link MapEditor} changed against its base, found by walking only
 * what the edit made. Nodes older than the editor's first generation are base nodes the edit
 * shared, each holding the same entries in both trees, so both walks skip them: what is left
 * are the new leaves and the base leaves they replaced, merged in key order. That costs time
 * in proportion to the changed leaves, whatever the size of the map.
 *
 * <p>The same merge measures memory: bytes of the edited tree that the base does not hold
 * ({@link #addedBytes}: new nodes, and keys and values not shared with the base) and bytes of
 * the base the edited tree no longer holds ({@link #releasedBytes}). An array that several
 * entries share (a caller may put one constant value under many keys) counts once for each:
 * exact when arrays are not shared, an upper bound when they are.
 */
final class TreeDiff {
  private final long firstGeneration;
  /** Base nodes the edited tree shares, in key order: both walks meet them in this order. */
  private final List<Node> shared = new ArrayList<>();
  private final List<Leaf> editedLeaves = new ArrayList<>();
  private final List<Leaf> baseLeaves = new ArrayList<>();
  private int nextShared;
  private long addedBytes;
  private long releasedBytes;
  /** Where the changes go as the merge finds them, or null. */
  private BiConsumer<byte[], byte[]> sink;
  private ChangeList changes;

  private TreeDiff(long firstGeneration, BiConsumer<byte[], byte[]> sink) {
    this.firstGeneration = firstGeneration;
    this.sink = sink;
  }

  /**
   * Compares {@code edited}, made from {@code base} by an editor whose nodes all have a
   * generation of at least {@code firstGeneration}, with {@code base}.
   *
   * @param collectChanges whether to list the changes, or only measure bytes
   */
  static TreeDiff between(Node base, Node edited, long firstGeneration, boolean collectChanges) {
    if (!collectChanges) {
      return between(base, edited, firstGeneration, null);
    }
    ChangeList list = new ChangeList();
    TreeDiff diff = between(base, edited, firstGeneration, list::add);
    diff.changes = list;
    return diff;
  }

  /**
   * As {@link #between(Node, Node, long, boolean)}, handing each change to {@code sink} (when
   * not null) in key order as the merge finds it: a commit writes its delta file straight from
   * the merge, while the keys and values it reads are still in the cache, instead of listing
   * them first and reading them all again.
   */
  static TreeDiff between(Node base, Node edited, long firstGeneration, BiConsumer<byte[], byte[]> sink) {
    TreeDiff diff = new TreeDiff(firstGeneration, sink);
    diff.walkEdited(edited);
    diff.walkBase(base);
    if (diff.nextShared != diff.shared.size()) {
      throw new IllegalStateException("the edited tree shares nodes its base does not have");
    }
    diff.merge();
    diff.sink = null; // the diff outlives the merge; what it fed (a file writer, say) need not
    return diff;
  }

  /** Bytes the edited tree holds that the base does not. */
  long addedBytes() {
    return addedBytes;
  }

  /** Bytes the base holds that the edited tree does not. */
  long releasedBytes() {
    return releasedBytes;
  }

  /**
   * The net changes in key order: puts with their value, removals (null) of keys the base had.
   * A key whose value has the bytes it had in the base is unchanged, whichever array holds
   * them: stores keep the arrays callers give them, so a batch may put back the very array the
   * base holds, or equal bytes in another array, depending only on whether the base was cached
   * or read from files. Comparing bytes keeps equal batches on equal bases giving equal deltas.
   * Null if not listed.
   */
  ChangeList changes() {
    return changes;
  }

  /** Leaves the merge went through, new and base: O(changed leaves); tests check it. */
  int leavesMerged() {
    return editedLeaves.size() + baseLeaves.size();
  }

  private void walkEdited(Node node) {
    if (node.generation < firstGeneration) {
      shared.add(node);
      return;
    }
    addedBytes += node.structureBytes();
    if (node instanceof Leaf leaf) {
      editedLeaves.add(leaf);
    } else {
      for (Node child : ((Inner) node).children) {
        walkEdited(child);
      }
    }
  }

  private void walkBase(Node node) {
    if (nextShared < shared.size() && shared.get(nextShared) == node) {
      nextShared++;
      return;
    }
    releasedBytes += node.structureBytes();
    if (node instanceof Leaf leaf) {
      baseLeaves.add(leaf);
    } else {
      for (Node child : ((Inner) node).children) {
        walkBase(child);
      }
    }
  }

  private void merge() {
    Entries edited = new Entries(editedLeaves);
    Entries base = new Entries(baseLeaves);
    while (edited.hasEntry() || base.hasEntry()) {
      // A copied leaf keeps its base's key arrays: the same array is the same key, with no compare.
      // Most entries of a batch's copied leaves are unchanged, and their compares were most of the
      // merge, which walks every leaf a batch touched (a join's batch touches nearly all).
      int c = !base.hasEntry() ? -1 : !edited.hasEntry() ? 1
          : edited.key() == base.key() ? 0 : Bytes.compare(edited.key(), base.key());
      if (c < 0) {
        addedBytes += MemoryLayout.byteArray(edited.key().length) + MemoryLayout.byteArray(edited.value().length);
        change(edited.key(), edited.value());
        edited.advance();
      } else if (c > 0) {
        releasedBytes += MemoryLayout.byteArray(base.key().length) + MemoryLayout.byteArray(base.value().length);
        change(base.key(), null);
        base.advance();
      } else {
        if (edited.key() != base.key()) {
          addedBytes += MemoryLayout.byteArray(edited.key().length);
          releasedBytes += MemoryLayout.byteArray(base.key().length);
        }
        if (edited.value() != base.value()) {
          addedBytes += MemoryLayout.byteArray(edited.value().length);
          releasedBytes += MemoryLayout.byteArray(base.value().length);
          if (!Arrays.equals(edited.value(), base.value())) {
            change(edited.key(), edited.value());
          }
        }
        edited.advance();
        base.advance();
      }
    }
  }

  private void change(byte[] key, byte[] value) {
    if (sink != null) {
      sink.accept(key, value);
    }
  }

  /** The entries of a run of leaves, in order. */
  private static final class Entries {
    private final List<Leaf> leaves;
    private int leaf;
    private int index;

    Entries(List<Leaf> leaves) {
      this.leaves = leaves;
      skipEmpty();
    }

    boolean hasEntry() {
      return leaf < leaves.size();
    }

    byte[] key() {
      return leaves.get(leaf).keys[index];
    }

    byte[] value() {
      return leaves.get(leaf).values[index];
    }

    void advance() {
      index++;
      skipEmpty();
    }

    private void skipEmpty() {
      while (leaf < leaves.size() && index >= leaves.get(leaf).size()) {
        leaf++;
        index = 0;
      }
    }
  }
}
