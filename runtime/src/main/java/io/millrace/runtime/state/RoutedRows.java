package io.millrace.runtime.state;

import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.List;

/**
 * The map side of a deduplication for one input partition: drops (and counts) rows too late
 * for the watermark, encodes each row's key and routes the row to the state partition that
 * owns the key, keeping input order within each state partition.
 */
final class RoutedRows implements PartitionInput {
  /** One input row and its encoded key. */
  record Routed(byte[] key, Row input) {}

  private final DeduplicationPlan plan;
  private final RowCodec keyCodec;
  private final KeyGroups keyGroups;
  private final long watermarkMicros;
  private final boolean watermarked;
  private final List<List<Routed>> buckets;
  private long rows;
  private long late;

  RoutedRows(DeduplicationPlan plan, RowCodec keyCodec, KeyGroups keyGroups, long watermarkMicros) {
    this.plan = plan;
    this.keyCodec = keyCodec;
    this.keyGroups = keyGroups;
    this.watermarkMicros = watermarkMicros;
    this.watermarked = watermarkMicros != Long.MIN_VALUE && plan.evictsByWatermark();
    this.buckets = new ArrayList<>(keyGroups.partitions());
    for (int p = 0; p < keyGroups.partitions(); p++) {
      buckets.add(new ArrayList<>());
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
    buckets.get(keyGroups.partition(key)).add(new Routed(key, row));
  }

  @Override
  public long rowsAdded() {
    return rows;
  }

  long late() {
    return late;
  }

  List<Routed> routedTo(int partition) {
    return buckets.get(partition);
  }
}
