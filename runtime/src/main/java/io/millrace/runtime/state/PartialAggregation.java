package io.millrace.runtime.state;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The map side of a streaming aggregation for one input partition: drops (and counts) rows
 * whose group is finished at the watermark, folds the rest into one partial buffer per group,
 * and at the end encodes each group's key once and routes it to its state partition. The state
 * tasks then see one entry per group and input partition instead of one per row.
 *
 * <p>Where the exchange is encoded, the task ends by writing each partition's partials as an
 * {@link ExchangeBlocks} block (key bytes and the buffer in the state values' layout), and the
 * state task reads its block back.
 *
 * <p>Groups are kept in the order they first appear, so the state side, which takes the inputs
 * in partition order, touches groups in the order of their first row in the batch, as it did
 * when it took the rows one by one.
 */
final class PartialAggregation implements PartitionInput {
  /** One group's partial result, routed to a state partition. */
  record Partial(EncodedKey key, Row keyRow, AggBuffer buffer) {}

  private final AggregationPlan plan;
  private final RowCodec keyCodec;
  private final KeyGroups keyGroups;
  private final EvalContext context;
  private final long watermarkMicros;
  private final boolean late;
  /** Whether rows whose event time (a grouping key) is null are dropped: append mode could never emit their group. */
  private final boolean dropsNullTimes;
  /** Groups by key row: the general case, where a row can be in several (sliding) windows. */
  private final Map<Row, AggBuffer> groups = new LinkedHashMap<>();
  /** Groups by key parts when each row has one group; null otherwise. */
  private GroupTable table;
  /**
   * The table's groups' running values where they are all numbers: group g's at
   * {@code flat[g * width ..]}, so that folding a row in reads one array near the others,
   * where a buffer object per group was two more cache misses per row. Null otherwise.
   */
  private long[] flat;
  private final int width;
  /** The table's groups' buffers where some aggregator keeps objects (min, max). */
  private final List<AggBuffer> buffers = new ArrayList<>();
  /** Groups whose running values are in {@link #flat}: a group numbered this is new. */
  private int buffered;
  private final Object[] scratch;
  private List<List<Partial>> routed;
  /** Encodes the partials in the exchange; null where they cross as objects. */
  private final StateValueCodec exchangeValues;
  /** Each state partition's block, from {@link #finish()} until its state task reads it; null where partials cross as objects. */
  private byte[][] blocks;
  private long exchangeBytes;
  private long rows;
  private long dropped;
  /** Rows in no window, their time being null: not late, so counted apart from {@link #dropped}. */
  private long withoutWindow;
  /** Rows dropped for their null event time where {@link #dropsNullTimes}. */
  private long nullTimes;
  private int groupCount;

  /**
   * @param watermarkMicros the watermark rows of finished groups are late at, or {@code Long.MIN_VALUE}
   *     where no row is late (no watermark, or complete mode)
   * @param expectedGroups how many groups the table is sized for at first (the last batch's count, say)
   * @param dropsNullTimes whether to drop (and count) rows whose event time is null, where the
   *     grouping holds it ({@link AggregationPlan#groupsByEventTime()}): in append mode, which
   *     emits a group only once the watermark finishes it, and never finishes that one
   * @param exchangeValues encodes the partial buffers for the state side, or null to hand them over as objects
   */
  PartialAggregation(AggregationPlan plan, RowCodec keyCodec, KeyGroups keyGroups, EvalContext context,
      long watermarkMicros, int expectedGroups, boolean dropsNullTimes, StateValueCodec exchangeValues) {
    this.plan = plan;
    this.exchangeValues = exchangeValues;
    this.keyCodec = keyCodec;
    this.keyGroups = keyGroups;
    this.context = context;
    this.watermarkMicros = watermarkMicros;
    this.late = watermarkMicros != Long.MIN_VALUE && plan.evictsByWatermark();
    this.dropsNullTimes = dropsNullTimes && plan.groupsByEventTime();
    this.table = plan.singleGroupPerRow() ? new GroupTable(expectedGroups, plan.windowSlot()) : null;
    this.width = plan.bufferWidth();
    this.flat = table != null && !plan.keepsObjects() ? new long[Math.max(16, expectedGroups) * width] : null;
    this.scratch = new Object[plan.groupingSize()];
  }

  @Override
  public void add(Row row) {
    rows++;
    if (table != null) {
      addToTable(row);
      return;
    }
    List<Row> keys = plan.keys(row, context);
    if (keys.isEmpty()) {
      withoutWindow++; // its window's time is null
      return;
    }
    if (dropsNullTimes && plan.nullEventTime(keys.get(0))) {
      nullTimes++; // every key of the row holds the same time
      return;
    }
    boolean kept = false;
    for (Row key : keys) {
      if (late && plan.finished(key, watermarkMicros)) {
        continue;
      }
      kept = true;
      AggBuffer buffer = groups.get(key);
      if (buffer == null) {
        buffer = plan.newBuffer();
        groups.put(key, buffer);
      }
      plan.update(buffer, row, context);
    }
    // Counted as input rows, unlike Spark, which counts partially aggregated rows.
    dropped += kept ? 0 : 1;
  }

  /** One group per row: look it up by its parts, without building its key row. */
  private void addToTable(Row row) {
    long start = plan.windowStart(row, context);
    if (start == AggregationPlan.NO_GROUP) {
      withoutWindow++;
      return;
    }
    plan.groupValues(row, context, scratch);
    if (dropsNullTimes && plan.nullEventTime(scratch)) {
      nullTimes++;
      return;
    }
    if (late && plan.finished(start, scratch, watermarkMicros)) {
      dropped++;
      return;
    }
    int group = table.indexOf(start, scratch);
    if (flat == null) {
      if (group == buffers.size()) {
        buffers.add(plan.newBuffer());
      }
      plan.update(buffers.get(group), row, context);
      return;
    }
    long at = (long) group * width;
    if (group == buffered) {
      if (at + width > flat.length) {
        flat = Arrays.copyOf(flat, grownTo(at + width));
      }
      plan.initFlat(flat, (int) at);
      buffered++;
    }
    plan.update(flat, (int) at, row, context);
  }

  /** Twice the room, or what is needed, within what one array can hold. */
  private int grownTo(long needed) {
    long most = Integer.MAX_VALUE - 8;
    if (needed > most) {
      throw new IllegalStateException("one reader task's partial aggregation holds more groups than one array can "
          + "(" + (needed / width) + " groups of " + width + " words); take fewer files per batch (maxFilesPerTrigger)");
    }
    return (int) Math.min(most, Math.max(needed, 2L * flat.length));
  }

  /** How many groups this input found; known once {@link #finish()}ed. */
  int groupCount() {
    return groupCount;
  }

  private int groups() {
    return table != null ? table.size() : groups.size();
  }

  @Override
  public void finish() {
    groupCount = groups();
    routed = new ArrayList<>(keyGroups.partitions());
    for (int p = 0; p < keyGroups.partitions(); p++) {
      routed.add(new ArrayList<>());
    }
    if (table != null) {
      Map<Long, Row> windows = new HashMap<>();
      for (int g = 0; g < table.size(); g++) {
        AggBuffer buffer = flat != null ? plan.bufferOf(flat, g * width) : buffers.get(g);
        route(plan.keyRow(table.windowStart(g), table.values(g), windows), buffer);
      }
      table = null;
      flat = null;
      buffers.clear();
    } else {
      for (Map.Entry<Row, AggBuffer> g : groups.entrySet()) {
        route(g.getKey(), g.getValue());
      }
      groups.clear();
    }
    if (exchangeValues != null) {
      blocks = new byte[routed.size()][];
      for (int p = 0; p < blocks.length; p++) {
        blocks[p] = ExchangeBlocks.ofPartials(routed.get(p), exchangeValues);
        exchangeBytes += blocks[p].length;
        routed.set(p, null);
      }
    }
  }

  private void route(Row key, AggBuffer buffer) {
    byte[] encoded = keyCodec.encode(key);
    EncodedKey encodedKey = new EncodedKey(encoded);
    routed.get(keyGroups.partitionOfHash(encodedKey.hashCode())).add(new Partial(encodedKey, key, buffer));
  }

  @Override
  public long rowsAdded() {
    return rows;
  }

  long dropped() {
    return dropped;
  }

  long withoutWindow() {
    return withoutWindow;
  }

  long nullTimes() {
    return nullTimes;
  }

  /** The bytes of this task's blocks; 0 where partials cross as objects. */
  long exchangeBytes() {
    return exchangeBytes;
  }

  /** The partial groups routed to state partition {@code partition}, in first-seen order. */
  List<Partial> routedTo(int partition) {
    if (routed.get(partition) == null) {
      routed.set(partition, ExchangeBlocks.partialsOf(blocks[partition], keyCodec, exchangeValues));
      blocks[partition] = null;
    }
    return routed.get(partition);
  }
}
