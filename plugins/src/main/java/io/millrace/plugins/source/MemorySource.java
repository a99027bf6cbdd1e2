package io.millrace.plugins.source;

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

/** Reads a {@link MemoryStream}; offsets count its rows. Rows are never dropped, so any range can be replayed. */
final class MemorySource implements Source {
  private final MemoryStream stream;
  private final RowSourceOptions settings;
  private final String owner;
  private OptionalLong availableNowEnd = OptionalLong.empty();

  MemorySource(MemoryStream stream, RowSourceOptions settings, String owner) {
    this.stream = stream;
    this.settings = settings;
    this.owner = owner;
  }

  @Override
  public Schema schema() {
    return stream.schema();
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
    long available = availableNowEnd.orElse(stream.size());
    return RowCountOffset.next(RowCountOffset.of(start, owner), available, limit);
  }

  @Override
  public void prepareForAvailableNow() {
    availableNowEnd = OptionalLong.of(stream.size());
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) {
    return RowRange.split(RowCountOffset.of(start, owner), RowCountOffset.of(end, owner), settings.numPartitions()).stream()
        .<InputPartition>map(range -> new MemoryPartition(stream.name(), range))
        .toList();
  }

  @Override
  public PartitionReader createReader(InputPartition partition) {
    if (!(partition instanceof MemoryPartition memory)) {
      throw new IllegalArgumentException(owner + " cannot read the partition " + partition.describe() + ", planned by another source");
    }
    MemoryStream source = MemoryStream.find(memory.stream()).orElseThrow(() -> new IllegalStateException(
        "memory stream '" + memory.stream() + "' no longer exists; existing streams: " + MemoryStream.existingNames()));
    return new RowListReader(source.rows(memory.range()));
  }

  @Override
  public String toString() {
    return owner + " over " + stream;
  }
}
