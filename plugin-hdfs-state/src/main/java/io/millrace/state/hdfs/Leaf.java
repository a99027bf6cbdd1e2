package io.millrace.state.hdfs;

/** A leaf: sorted keys and their values, in parallel arrays. */
final class Leaf extends Node {
  final byte[][] keys;
  final byte[][] values;

  Leaf(long generation, byte[][] keys, byte[][] values) {
    super(generation);
    this.keys = keys;
    this.values = values;
  }

  @Override
  int size() {
    return keys.length;
  }

  @Override
  long structureBytes() {
    return MemoryLayout.NODE_OBJECT + 2 * MemoryLayout.referenceArray(keys.length);
  }
}
