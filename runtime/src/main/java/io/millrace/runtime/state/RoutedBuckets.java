package io.millrace.runtime.state;

import io.millrace.spi.data.Row;

/**
 * One map task's rows routed by key to the state partitions: a {@link RoutedRows.Bucket} per
 * partition, in input order within each. Where the exchange is encoded, {@link #finish()} writes
 * each bucket as an {@link ExchangeBlocks} block and drops the rows, and the state task of a
 * partition reads its block back when it asks for its rows.
 */
final class RoutedBuckets {
  private final KeyGroups keyGroups;
  private final RoutedRows.Bucket[] buckets;
  /** Encodes the rows in the exchange; null where they cross as objects. */
  private final RowCodec exchangeRows;
  /** Each state partition's block, from {@link #finish()} until its state task reads it. */
  private byte[][] blocks;
  private long exchangeBytes;

  RoutedBuckets(KeyGroups keyGroups, RowCodec exchangeRows) {
    this.keyGroups = keyGroups;
    this.exchangeRows = exchangeRows;
    this.buckets = new RoutedRows.Bucket[keyGroups.partitions()];
    for (int p = 0; p < buckets.length; p++) {
      buckets[p] = new RoutedRows.Bucket();
    }
  }

  /** Routes {@code row} by its key, the first {@code length} bytes of {@code key}, to the partition owning it. */
  void add(Row row, byte[] key, int length) {
    buckets[keyGroups.partitionOfHash(KeyGroups.hash(key, 0, length))].add(row, key, length);
  }

  /** After the task's last row: encodes each partition's rows, where the exchange is encoded. */
  void finish() {
    if (exchangeRows != null) {
      blocks = new byte[buckets.length][];
      for (int p = 0; p < buckets.length; p++) {
        blocks[p] = ExchangeBlocks.ofRows(buckets[p], exchangeRows);
        exchangeBytes += blocks[p].length;
        buckets[p] = null;
      }
    }
  }

  /** The bytes of this task's blocks; 0 where rows cross as objects. */
  long exchangeBytes() {
    return exchangeBytes;
  }

  /** The rows routed to {@code partition}; only that partition's state task asks. */
  RoutedRows.Bucket routedTo(int partition) {
    if (buckets[partition] == null) {
      buckets[partition] = ExchangeBlocks.rowsOf(blocks[partition], exchangeRows);
      blocks[partition] = null;
    }
    return buckets[partition];
  }
}
