package io.millrace.runtime.state;

import io.millrace.spi.data.Row;
import java.util.Arrays;

/**
 * The map side of a deduplication for one input partition: drops (and counts) rows too late
 * for the watermark, encodes each row's key and routes the row to the state partition that
 * owns the key, keeping input order within each state partition.
 */
final class RoutedRows implements PartitionInput {
  /**
   * The rows routed to one state partition and their encoded keys, in parallel arrays: they
   * live through the batch, and an object per row to pair them was a tenth of what a young
   * collection had to copy.
   */
  static final class Bucket {
    private static final Row[] NO_ROWS = {};
    private static final byte[][] NO_KEYS = {};
    // Empty until the first row: a batch with no input, or a partition no row goes to, allocates nothing.
    private Row[] rows = NO_ROWS;
    private byte[][] keys = NO_KEYS;
    private int size;

    void add(byte[] key, Row row) {
      if (size == rows.length) {
        rows = Arrays.copyOf(rows, Math.max(64, size * 2));
        keys = Arrays.copyOf(keys, Math.max(64, size * 2));
      }
      rows[size] = row;
      keys[size] = key;
      size++;
    }

    int size() {
      return size;
    }

    Row row(int i) {
      return rows[i];
    }

    byte[] key(int i) {
      return keys[i];
    }
  }

  private final DeduplicationPlan plan;
  private final RowCodec keyCodec;
  private final KeyGroups keyGroups;
  private final long watermarkMicros;
  private final boolean watermarked;
  private final Bucket[] buckets;
  private long rows;
  private long late;

  RoutedRows(DeduplicationPlan plan, RowCodec keyCodec, KeyGroups keyGroups, long watermarkMicros) {
    this.plan = plan;
    this.keyCodec = keyCodec;
    this.keyGroups = keyGroups;
    this.watermarkMicros = watermarkMicros;
    this.watermarked = watermarkMicros != Long.MIN_VALUE && plan.evictsByWatermark();
    this.buckets = new Bucket[keyGroups.partitions()];
    for (int p = 0; p < buckets.length; p++) {
      buckets[p] = new Bucket();
    }
  }

  @Override
  public void add(Row row) {
    rows++;
    if (watermarked && plan.late(row, watermarkMicros)) {
      late++;
      return;
    }
    byte[] key = keyCodec.encodeColumns(row, plan.keyColumns());
    buckets[keyGroups.partition(key)].add(key, row);
  }

  @Override
  public long rowsAdded() {
    return rows;
  }

  long late() {
    return late;
  }

  Bucket routedTo(int partition) {
    return buckets[partition];
  }
}
