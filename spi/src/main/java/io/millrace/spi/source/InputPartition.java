package io.millrace.spi.source;

import java.io.Serializable;

/**
 * One slice of a planned range, read by one task. Partitions of one range must be disjoint
 * and together cover the range exactly. Implementations are plain values; the runtime may
 * hand them to readers on other threads, and (since SPI 1.3, as Spark's {@code InputPartition})
 * to a reader in another process: a copy made by Java serialization, read by
 * {@link Source#createReader} of another instance of the source with the same options, must
 * read the same rows. A record of serializable components is all it takes.
 */
public interface InputPartition extends Serializable {

  /** A short description for logs, such as {@code "rows 100..199"}. */
  default String describe() {
    return toString();
  }
}
