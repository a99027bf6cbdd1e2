package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code dropDuplicates(cols)} or {@code dropDuplicatesWithinWatermark(cols)} resolved against
 * its input: which columns make the key, and how the watermark bounds the state.
 * <ul>
 *   <li>{@code dropDuplicates}: a key is kept forever, unless the key holds the watermarked
 *       column; then keys whose event time is at or before the watermark are evicted, and rows
 *       that old are dropped as late. The event time then leads the key in state, whatever
 *       place the call gave it, so the expired keys are one or two key ranges that a store with
 *       range scans reads without reading the rest; state recorded with the same key fields in
 *       another order keeps that order ({@link #inKeyOrderOf}).</li>
 *   <li>{@code dropDuplicatesWithinWatermark}: the key is the columns alone; the first row of
 *       a key is kept, and the key is remembered until the watermark reaches that row's event
 *       time plus the delay — as long as a copy could still arrive on time. As in Spark, a
 *       batch tests its rows against the keys remembered before its watermark forgets any, so
 *       the batch whose watermark expires a key still drops that key's copies.</li>
 * </ul>
 */
public final class DeduplicationPlan {
  private final int[] keyColumns;
  private final boolean withinWatermark;
  /** The watermarked column of the input: a timestamp, or a window whose time is its end. */
  private final TimeColumn eventTime;
  /** The watermarked column's position in the key, or -1. */
  private final int eventTimeInKey;
  private final long delayMicros;
  private final Schema keySchema;
  private final Schema valueSchema;

  private DeduplicationPlan(int[] keyColumns, boolean withinWatermark, TimeColumn eventTime,
      int eventTimeInKey, long delayMicros, Schema keySchema, Schema valueSchema) {
    this.keyColumns = keyColumns;
    this.withinWatermark = withinWatermark;
    this.eventTime = eventTime;
    this.eventTimeInKey = eventTimeInKey;
    this.delayMicros = delayMicros;
    this.keySchema = keySchema;
    this.valueSchema = valueSchema;
  }

  /**
   * @param columns the key columns; empty means every column
   * @param watermarkColumn and {@code delayMillis}: the query's {@code withWatermark}, if any
   */
  public static DeduplicationPlan bind(List<String> columns, boolean withinWatermark, Schema input,
      Optional<String> watermarkColumn, long delayMillis) {
    List<String> names = columns.isEmpty() ? input.names() : columns;
    int[] keyColumns = new int[names.size()];
    List<Field> keyFields = new ArrayList<>();
    int eventTimeInKey = -1;
    for (int i = 0; i < keyColumns.length; i++) {
      keyColumns[i] = input.indexOf(names.get(i));
      if (keyColumns[i] < 0) {
        throw new AnalysisException((withinWatermark ? "dropDuplicatesWithinWatermark" : "dropDuplicates")
            + ": cannot resolve column '" + names.get(i) + "'; available columns: " + input.names());
      }
      keyFields.add(input.field(keyColumns[i]));
      if (watermarkColumn.isPresent() && names.get(i).equals(watermarkColumn.get())) {
        eventTimeInKey = i;
      }
    }
    int eventTimeColumn = watermarkColumn.map(input::indexOf).orElse(-1);
    TimeColumn eventTime = TimeColumn.of(input, eventTimeColumn);
    // A window (whose time is its end) stays where it is: the key's leading long would be its start.
    if (eventTimeInKey > 0 && !withinWatermark && !eventTime.window()) {
      moveToFront(keyColumns, keyFields, eventTimeInKey);
      eventTimeInKey = 0;
    }
    if (withinWatermark && eventTimeColumn < 0) {
      throw new AnalysisException("dropDuplicatesWithinWatermark needs withWatermark(..) before it: the watermark "
          + "decides how long a key is remembered");
    }
    Schema valueSchema = withinWatermark
        ? Schema.of(new Field("expiresAt", DataType.TIMESTAMP, false))
        : Schema.of(new Field("seen", DataType.BOOLEAN, false));
    return new DeduplicationPlan(keyColumns, withinWatermark, eventTime, eventTimeInKey,
        delayMillis * 1000, Schema.of(keyFields), valueSchema);
  }

  /**
   * This plan with its key in the field order of {@code recorded}, when that holds the same
   * fields in another order: state an earlier build wrote (keys in call order), or written
   * before the query had a watermark. Keys must keep the layout their state has; the event time
   * then may not lead the key, and eviction reads every key. Otherwise this plan, and the
   * schema check reports any difference.
   */
  DeduplicationPlan inKeyOrderOf(Schema recorded) {
    if (recorded.equals(keySchema) || recorded.size() != keySchema.size()
        || !new java.util.HashSet<>(recorded.fields()).equals(new java.util.HashSet<>(keySchema.fields()))) {
      return this;
    }
    int[] columns = new int[keyColumns.length];
    int timeInKey = -1;
    for (int i = 0; i < columns.length; i++) {
      int at = keySchema.fields().indexOf(recorded.field(i));
      columns[i] = keyColumns[at];
      if (at == eventTimeInKey) {
        timeInKey = i;
      }
    }
    return new DeduplicationPlan(columns, withinWatermark, eventTime, timeInKey, delayMicros, recorded,
        valueSchema);
  }

  private static void moveToFront(int[] keyColumns, List<Field> keyFields, int index) {
    int column = keyColumns[index];
    System.arraycopy(keyColumns, 0, keyColumns, 1, index);
    keyColumns[0] = column;
    keyFields.add(0, keyFields.remove(index));
  }

  public Schema keySchema() {
    return keySchema;
  }

  public Schema valueSchema() {
    return valueSchema;
  }

  public boolean withinWatermark() {
    return withinWatermark;
  }

  /** Whether the watermark bounds the state (otherwise it grows with every distinct key). */
  public boolean evictsByWatermark() {
    return withinWatermark || eventTimeInKey >= 0;
  }

  /** Whether every key starts with the event time, and the expired keys are {@link #expiredKeyRanges}. */
  boolean eventTimeLeadsKey() {
    return !withinWatermark && eventTimeInKey == 0 && !eventTime.window();
  }

  /**
   * The ranges, as {@code {from, to}} pairs, that hold exactly the keys {@link #expired} at
   * {@code watermarkMicros} and not at {@code evictedThrough}, where
   * {@link #eventTimeLeadsKey()}. A watermark the state was already evicted at leaves no key
   * at or before it: those are gone, and rows that old are late. Starting after it spares a
   * store the keys already removed, which a log-structured store still steps over until it
   * compacts them. {@code Long.MIN_VALUE} when nothing is known.
   */
  List<byte[][]> expiredKeyRanges(long evictedThrough, long watermarkMicros) {
    // expired() never expires Long.MAX_VALUE, its mark for a null time; neither do the ranges.
    long last = Math.min(watermarkMicros, Long.MAX_VALUE - 1);
    long first = evictedThrough == Long.MIN_VALUE ? Long.MIN_VALUE : Math.min(evictedThrough, Long.MAX_VALUE - 1) + 1;
    return RowCodec.leadingLongBetween(first, last);
  }

  public String operatorName() {
    return withinWatermark ? "dedupeWithinWatermark" : "dedupe";
  }

  /** The input columns the key is made of, in key order; not to be changed. */
  int[] keyColumns() {
    return keyColumns;
  }

  /** Whether an input row is too late to be considered at {@code watermarkMicros}. */
  boolean late(Row input, long watermarkMicros) {
    if (!evictsByWatermark() || eventTime.isNullIn(input)) {
      return false;
    }
    return eventTime.micros(input) <= watermarkMicros;
  }

  /**
   * The state value remembering a key first seen in {@code input}. For
   * dropDuplicatesWithinWatermark a null event time counts as the epoch, as in Spark 4.0.1 (its
   * row reads a null time as 0): such a key is forgotten by the first eviction, any later one.
   */
  Row remember(Row input) {
    if (!withinWatermark) {
      return Row.of(true);
    }
    return Row.of((eventTime.isNullIn(input) ? 0 : eventTime.micros(input)) + delayMicros);
  }

  /**
   * Whether {@code input}'s null event time makes this deduplication treat it apart: only
   * dropDuplicatesWithinWatermark, which remembers its key as if its time were the epoch.
   */
  boolean nullTimeCountsAsEpoch(Row input) {
    return withinWatermark && eventTime.isNullIn(input);
  }

  /**
   * Whether a remembered key (encoded, with its encoded value) is past the watermark and can be
   * forgotten. Reads only the time it needs: where the event time does not lead the key (and
   * for dropDuplicatesWithinWatermark) the eviction reads every remembered key each batch.
   */
  boolean expired(RowCodec keyCodec, byte[] key, RowCodec valueCodec, byte[] value, long watermarkMicros) {
    if (withinWatermark) {
      return valueCodec.longAt(value, 0, -1, Long.MAX_VALUE) <= watermarkMicros;
    }
    if (eventTimeInKey < 0) {
      return false;
    }
    if (eventTime.window()) {
      Row window = keyCodec.decode(key).getStruct(eventTimeInKey);
      return window != null && window.getLong(1) <= watermarkMicros;
    }
    long t = keyCodec.longAt(key, eventTimeInKey, -1, Long.MAX_VALUE);
    return t != Long.MAX_VALUE && t <= watermarkMicros;
  }
}
