package io.millrace.spi.state;

import java.util.Iterator;

/** Reads one version of a store. Keys and values are the runtime's encoded bytes. */
public interface ReadStateStore extends AutoCloseable {

  StateStoreId id();

  /** The version this store reads. */
  long version();

  /** The value of {@code key}, or null. The array must not be modified. */
  byte[] get(byte[] key);

  /** Every entry, in no set order. */
  Iterator<KeyValue> iterator();

  /**
   * Entries whose key starts with {@code prefix}, where {@link #supportsPrefixScan()} is true.
   */
  default Iterator<KeyValue> prefixScan(byte[] prefix) {
    throw new IllegalStateException(getClass().getName() + " does not support prefix scans");
  }

  default boolean supportsPrefixScan() {
    return false;
  }

  StateStoreMetrics metrics();

  /** Releases what this view holds; nothing is written. */
  @Override
  default void close() {}
}
