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
  private final long watermarkMicros;
  private final RoutedBuckets buckets;
  private final RowCodec.Writer scratch = new RowCodec.Writer(64);
  private long rows;
  private long late;

  JoinSideInput(int side, JoinPlan plan, RowCodec keyCodec, KeyGroups keyGroups, long watermarkMicros,
      RowCodec exchangeRows) {
    this.side = side;
    this.plan = plan;
    this.keyCodec = keyCodec;
    this.watermarkMicros = watermarkMicros;
    this.buckets = new RoutedBuckets(keyGroups, exchangeRows);
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
    buckets.add(row, key, length);
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
    buckets.finish();
  }

  long exchangeBytes() {
    return buckets.exchangeBytes();
  }

  /** The rows routed to {@code partition}; only that partition's state task asks. */
  RoutedRows.Bucket routedTo(int partition) {
    return buckets.routedTo(partition);
  }
}
