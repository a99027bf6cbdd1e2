package io.millrace.runtime.state;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;

/**
 * The map side of a session window aggregation for one input partition: drops rows whose event
 * time is null (in no session, as Spark filters them) and rows too late for the previous batch's
 * watermark (a row alone is the session {@code [ts, ts + gap)}, late when its end is at or
 * before that watermark, as Spark's restore step tests it), and routes the rest by their
 * grouping key (the keys besides the session) to the state partition owning it, in input order.
 */
final class SessionRows implements PartitionInput {
  private final AggregationPlan plan;
  private final RowCodec keyCodec;
  private final EvalContext context;
  private final long lateWatermarkMicros;
  private final RoutedBuckets buckets;
  /** The input columns that are the key, or null where the key is made of other grouping expressions. */
  private final int[] keyColumns;
  private final RowCodec.Writer scratch = new RowCodec.Writer(64);
  private long rows;
  private long late;
  private long nullTimes;

  SessionRows(AggregationPlan plan, RowCodec keyCodec, KeyGroups keyGroups, EvalContext context,
      long lateWatermarkMicros) {
    this.plan = plan;
    this.keyCodec = keyCodec;
    this.context = context;
    this.lateWatermarkMicros = lateWatermarkMicros;
    this.buckets = new RoutedBuckets(keyGroups, null);
    this.keyColumns = plan.sessionKeyColumns();
  }

  @Override
  public void add(Row row) {
    rows++;
    Long ts = plan.sessionTime(row, context);
    if (ts == null) {
      nullTimes++;
      return;
    }
    if (lateWatermarkMicros != Long.MIN_VALUE && ts + plan.sessionGapMicros() <= lateWatermarkMicros) {
      late++;
      return;
    }
    // Encoded into one buffer reused row after row (the routing copies it), with no key row where
    // the key is columns of the input: a key row, a writer and two arrays per row were a fifth of
    // what the session_window benchmark allocated.
    scratch.reset();
    if (keyColumns != null) {
      keyCodec.appendColumns(row, keyColumns, scratch);
    } else {
      keyCodec.appendColumns(plan.sessionKey(row, context), null, scratch);
    }
    buckets.add(row, scratch.array(), scratch.length());
  }

  @Override
  public long rowsAdded() {
    return rows;
  }

  long late() {
    return late;
  }

  long nullTimes() {
    return nullTimes;
  }

  @Override
  public void finish() {
    buckets.finish();
  }

  RoutedRows.Bucket routedTo(int partition) {
    return buckets.routedTo(partition);
  }
}
