package io.millrace.api.testing;

import io.millrace.spi.source.InputPartition;

/**
 * The rows of {@code range} in the memory stream {@code stream}. It names the stream rather
 * than holding it so that any source instance in the JVM can read it.
 */
record MemoryPartition(String stream, RowRange range) implements InputPartition {

  @Override
  public String describe() {
    return "memory stream '" + stream + "' " + range;
  }
}
