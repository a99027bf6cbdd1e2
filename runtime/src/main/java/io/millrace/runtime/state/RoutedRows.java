package io.millrace.runtime.state;

import io.millrace.spi.data.Row;
import java.util.Arrays;

/**
 * The map side of a deduplication for one input partition: drops (and counts) rows too late
 * for the watermark, encodes each row's key and routes the row to the state partition that
 * owns the key, keeping input order within each state partition. Where the exchange is
 * encoded, the task ends by writing each partition's rows as an {@link ExchangeBlocks} block,
 * and the state task reads its block back.
 */
final class RoutedRows implements PartitionInput {
  /**
   * The rows routed to one state partition, in parallel arrays, and their encoded keys one
   * after the other in one byte array. They live until the state task takes them (a keyed
   * operator's {@code KeyGroupedInput} empties the bucket as it does), and an object per row to
   * pair them was a tenth of what a young collection had to copy. The keys are only made
   * arrays of their own by the state task, one after the other in its own allocation buffer:
   * keys of neighbouring rows, which the store's tree puts side by side, then lie side by side
   * in memory too, where keys made by the reader lay among the rows' objects, a cache miss
   * for each one a search or the commit read.
   */
  static final class Bucket {
    private static final Row[] NO_ROWS = {};
    private static final int[] NO_ENDS = {};
    private static final byte[] NO_BYTES = {};
    /** The most an array can hold on common JVMs. */
    static final int MAX_KEY_BYTES = Integer.MAX_VALUE - 8;
    // Empty until the first row: a batch with no input, or a partition no row goes to, allocates nothing.
    private Row[] rows = NO_ROWS;
    /** Where each row's key ends in {@link #keyBytes}; it starts where the one before ends. */
    private int[] ends = NO_ENDS;
    private byte[] keyBytes = NO_BYTES;
    private int size;
    /** Whether {@link #release} emptied it: asking for its rows again is then a mistake, not an empty bucket. */
    private boolean released;

    /** Adds a row and its key, the first {@code length} bytes of {@code key}. */
    void add(Row row, byte[] key, int length) {
      if (size == rows.length) {
        rows = Arrays.copyOf(rows, Math.max(64, size * 2));
        ends = Arrays.copyOf(ends, Math.max(64, size * 2));
      }
      int start = size == 0 ? 0 : ends[size - 1];
      if (start + length > keyBytes.length) {
        keyBytes = Arrays.copyOf(keyBytes, grownTo((long) start + length));
      }
      System.arraycopy(key, 0, keyBytes, start, length);
      rows[size] = row;
      ends[size] = start + length;
      size++;
    }

    /** Twice the room, or what is needed, within what one array can hold. */
    private int grownTo(long needed) {
      if (needed > MAX_KEY_BYTES) {
        throw new IllegalStateException("one reader task routed more than " + MAX_KEY_BYTES + " bytes of keys to "
            + "one state partition in one batch; take fewer files per batch (maxFilesPerTrigger) or raise "
            + "millrace.shuffle.partitions for a new checkpoint");
      }
      return (int) Math.min(MAX_KEY_BYTES, Math.max(needed, Math.max(1024L, 2L * keyBytes.length)));
    }

    int size() {
      if (released) {
        throw new IllegalStateException("the rows of this bucket were taken by a state task already");
      }
      return size;
    }

    /** Empties the bucket: its rows and keys were taken by the caller, and a collection need not copy them. */
    void release() {
      rows = NO_ROWS;
      ends = NO_ENDS;
      keyBytes = NO_BYTES;
      size = 0;
      released = true;
    }

    Row row(int i) {
      return rows[i];
    }

    /** Where row {@code i}'s key starts in {@link #keyBytes()}. */
    int keyStart(int i) {
      return i == 0 ? 0 : ends[i - 1];
    }

    /** Where row {@code i}'s key ends (exclusive) in {@link #keyBytes()}. */
    int keyEnd(int i) {
      return ends[i];
    }

    /** The keys of all rows, one after the other; not to be changed. */
    byte[] keyBytes() {
      return keyBytes;
    }

    /** A new array holding row {@code i}'s encoded key. */
    byte[] key(int i) {
      return Arrays.copyOfRange(keyBytes, i == 0 ? 0 : ends[i - 1], ends[i]);
    }
  }

  private final DeduplicationPlan plan;
  private final RowCodec keyCodec;
  private final long watermarkMicros;
  private final boolean watermarked;
  private final RoutedBuckets buckets;
  private final RowCodec.Writer scratch = new RowCodec.Writer(64);
  private long rows;
  private long late;
  private long nullTimes;

  /** @param exchangeRows encodes the rows for the state side, or null to hand them over as objects */
  RoutedRows(DeduplicationPlan plan, RowCodec keyCodec, KeyGroups keyGroups, long watermarkMicros,
      RowCodec exchangeRows) {
    this.plan = plan;
    this.keyCodec = keyCodec;
    this.watermarkMicros = watermarkMicros;
    this.watermarked = watermarkMicros != Long.MIN_VALUE && plan.evictsByWatermark();
    this.buckets = new RoutedBuckets(keyGroups, exchangeRows);
  }

  @Override
  public void add(Row row) {
    rows++;
    if (watermarked && plan.late(row, watermarkMicros)) {
      late++;
      return;
    }
    if (plan.nullTimeCountsAsEpoch(row)) {
      nullTimes++;
    }
    scratch.reset();
    keyCodec.appendColumns(row, plan.keyColumns(), scratch);
    byte[] key = scratch.array();
    int length = scratch.length();
    buckets.add(row, key, length);
  }

  @Override
  public long rowsAdded() {
    return rows;
  }

  long late() {
    return late;
  }

  /** Rows whose null event time counts as the epoch ({@link DeduplicationPlan#nullTimeCountsAsEpoch}). */
  long nullTimes() {
    return nullTimes;
  }

  @Override
  public void finish() {
    buckets.finish();
  }

  /** The bytes of this task's blocks; 0 where rows cross as objects. */
  long exchangeBytes() {
    return buckets.exchangeBytes();
  }

  /** The rows routed to {@code partition}; only that partition's state task asks. */
  Bucket routedTo(int partition) {
    return buckets.routedTo(partition);
  }
}
