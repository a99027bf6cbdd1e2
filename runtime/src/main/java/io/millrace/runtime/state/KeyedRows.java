package io.millrace.runtime.state;

import io.millrace.spi.data.Row;

/**
 * The map side of a {@code transformWithState} for one input partition: drops (and counts) rows
 * too late for the previous batch's watermark under event time, encodes each row's grouping key
 * and routes the row to the state partition that owns it, in input order.
 */
final class KeyedRows implements PartitionInput {
  private final TransformWithStatePlan plan;
  private final RowCodec keyCodec;
  private final long lateWatermarkMicros;
  private final RoutedBuckets buckets;
  private final RowCodec.Writer scratch = new RowCodec.Writer(64);
  private long rows;
  private long late;

  KeyedRows(TransformWithStatePlan plan, RowCodec keyCodec, KeyGroups keyGroups, long lateWatermarkMicros) {
    this.plan = plan;
    this.keyCodec = keyCodec;
    this.lateWatermarkMicros = lateWatermarkMicros;
    this.buckets = new RoutedBuckets(keyGroups, null);
  }

  @Override
  public void add(Row row) {
    rows++;
    if (plan.late(row, lateWatermarkMicros)) {
      late++;
      return;
    }
    scratch.reset();
    keyCodec.appendColumns(row, plan.keyColumns(), scratch);
    buckets.add(row, scratch.array(), scratch.length());
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

  RoutedRows.Bucket routedTo(int partition) {
    return buckets.routedTo(partition);
  }
}
