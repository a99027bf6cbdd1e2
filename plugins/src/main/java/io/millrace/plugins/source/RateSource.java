package io.millrace.plugins.source;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Produces {@code rowsPerSecond} rows a second, each computed from its offset by a fixed
 * {@link RateSchedule}, so any range reads the same on every instance.
 */
final class RateSource implements Source {
  /** {@code timestamp TIMESTAMP NOT NULL, value LONG NOT NULL}. */
  static final Schema SCHEMA = Schema.of(new Field("timestamp", DataType.TIMESTAMP, false), new Field("value", DataType.LONG, false));

  /** Read or recorded at first use, so creating a source writes nothing. */
  private final Supplier<RateSchedule> schedule;
  private final RowSourceOptions settings;
  private final LongSupplier nowMicros;
  private final String owner;
  private OptionalLong availableNowEnd = OptionalLong.empty();

  RateSource(Supplier<RateSchedule> schedule, RowSourceOptions settings, LongSupplier nowMicros, String owner) {
    this.schedule = schedule;
    this.settings = settings;
    this.nowMicros = nowMicros;
    this.owner = owner;
  }

  @Override
  public Schema schema() {
    return SCHEMA;
  }

  @Override
  public Set<SourceCapability> capabilities() {
    return EnumSet.of(SourceCapability.REPLAYABLE, SourceCapability.RATE_LIMIT, SourceCapability.AVAILABLE_NOW, SourceCapability.ORDERED);
  }

  @Override
  public Offset initialOffset() {
    return RowCountOffset.ZERO;
  }

  @Override
  public Offset deserializeOffset(String json) {
    return RowCountOffset.parse(json, owner);
  }

  @Override
  public ReadLimit defaultReadLimit() {
    return settings.readLimit();
  }

  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) {
    long due = availableNowEnd.orElse(schedule.get().rowsDueAt(nowMicros.getAsLong()));
    return RowCountOffset.next(RowCountOffset.of(start, owner), due, limit);
  }

  @Override
  public void prepareForAvailableNow() {
    availableNowEnd = OptionalLong.of(schedule.get().rowsDueAt(nowMicros.getAsLong()));
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) {
    return RowRange.split(RowCountOffset.of(start, owner), RowCountOffset.of(end, owner), settings.numPartitions()).stream()
        .<InputPartition>map(range -> new RatePartition(range, schedule.get()))
        .toList();
  }

  @Override
  public PartitionReader createReader(InputPartition partition) {
    if (!(partition instanceof RatePartition rate)) {
      throw new IllegalArgumentException(owner + " cannot read the partition " + partition.describe() + ", planned by another source");
    }
    return new RatePartitionReader(rate);
  }

  @Override
  public String toString() {
    return owner;
  }
}
