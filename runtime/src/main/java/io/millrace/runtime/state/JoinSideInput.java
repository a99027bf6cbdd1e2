package io.millrace.runtime.state;

import io.millrace.spi.data.Row;

/**
 * The map side of a stream-stream join for one input partition of one side: drops (and counts)
 * rows too late for the watermark, encodes each row's join key and routes the row to the state
 * partition that owns the key, keeping input order within each partition. Where the exchange is
 * encoded, the task ends by writing each partition's rows as a block.
 */
final class JoinSideInput implements PartitionInput {
  private final int side;
  private final JoinPlan plan;
  private final RowCodec keyCodec;
  private final KeyGroups keyGroups;
  private final long watermarkMicros;
  private final RoutedRows.Bucket[] buckets;
  /** Encodes the side's rows in the exchange; null where they cross as objects. */
  private final RowCodec exchangeRows;
  private byte[][] blocks;
  private long exchangeBytes;
  private final RowCodec.Writer scratch = new RowCodec.Writer(64);
  private long rows;
  private long late;

  JoinSideInput(int side, JoinPlan plan, RowCodec keyCodec, KeyGroups keyGroups, long watermarkMicros,
      RowCodec exchangeRows) {
    this.side = side;
    this.plan = plan;
    this.keyCodec = keyCodec;
    this.keyGroups = keyGroups;
    this.watermarkMicros = watermarkMicros;
    this.exchangeRows = exchangeRows;
    this.buckets = new RoutedRows.Bucket[keyGroups.partitions()];
    for (int p = 0; p < buckets.length; p++) {
      buckets[p] = new RoutedRows.Bucket();
    }
  }

  @Override
  public void add(Row row) {
    rows++;
    if (plan.late(side, row, watermarkMicros)) {
      late++;
      return;
    }
    scratch.reset();
    keyCodec.appendColumns(row, plan.keys(side), scratch);
    byte[] key = scratch.array();
    int length = scratch.length();
    buckets[keyGroups.partitionOfHash(KeyGroups.hash(key, length))].add(row, key, length);
  }

  int side() {
    return side;
  }

  @Override
  public long rowsAdded() {
    return rows;
  }

  long late() {
    return late;
  }

  @Override
  public void finish() {
    if (exchangeRows != null) {
      blocks = new byte[buckets.length][];
      for (int p = 0; p < buckets.length; p++) {
        blocks[p] = ExchangeBlocks.ofRows(buckets[p], exchangeRows);
        exchangeBytes += blocks[p].length;
        buckets[p] = null;
      }
    }
  }

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
