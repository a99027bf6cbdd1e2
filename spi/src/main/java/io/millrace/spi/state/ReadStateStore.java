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

  /**
   * Entries whose key is at least {@code from} and less than {@code to}, in unsigned byte order
   * of the keys, where {@link #supportsRangeScan()} is true; none when {@code from} is not less
   * than {@code to}. An open {@link StateStore} includes its own uncommitted writes, as
   * {@link #get} does, and the store may be written while the iterator runs (the iterator then
   * returns what the store held when it was made). A store that keeps its keys sorted answers
   * it by seeking, so a caller whose keys start with a time can read the expired ones without
   * reading the rest: what a deduplication's eviction does every batch.
   */
  default Iterator<KeyValue> range(byte[] from, byte[] to) {
    throw new IllegalStateException(getClass().getName() + " does not support range scans");
  }

  default boolean supportsRangeScan() {
    return false;
  }

  StateStoreMetrics metrics();

  /** Releases what this view holds; nothing is written. */
  @Override
  default void close() {}
}
