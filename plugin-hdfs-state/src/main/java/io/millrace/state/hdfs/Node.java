package io.millrace.state.hdfs;

/**
 * A node of the copy-on-write B+tree behind {@link StateMap}. Nodes are never changed once a
 * map that reaches them is published; an edit copies the path it changes. {@link #size()} is a
 * node's entry (leaf) or child (inner) count: an inner node's arrays are sized exactly, a
 * leaf's may have room to spare.
 */
abstract class Node {
  /** Most entries of a leaf and children of an inner node; a fuller node splits. */
  static final int MAX = 32;
  /** Fewer than this and an edit merges the node with a neighbour. */
  static final int MIN = 8;
  /** How full bulk loading fills nodes, leaving room for inserts before the first split. */
  static final int FILL = 24;

  /** The edit that created this node: an edit may drop its own nodes without freeing base bytes. */
  final long generation;

  Node(long generation) {
    this.generation = generation;
  }

  /** Entries of a leaf, children of an inner node. */
  abstract int size();

  /** Bytes of this node's object and its reference arrays, without keys, values or children. */
  abstract long structureBytes();
}
