package io.millrace.spi.source;

/**
 * One slice of a planned range, read by one task. Partitions of one range must be disjoint
 * and together cover the range exactly. Implementations are plain values; the runtime may
 * hand them to readers on other threads.
 */
public interface InputPartition {

  /** A short description for logs, such as {@code "rows 100..199"}. */
  default String describe() {
    return toString();
  }
}
