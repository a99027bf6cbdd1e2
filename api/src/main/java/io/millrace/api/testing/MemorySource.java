package io.millrace.api.testing;

import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads a {@link MemoryStream}; an offset is the number of rows before it, its JSON the plain
 * number ({@code 7}), so a batch {@code (start, end]} reads rows {@code start .. end-1}. Rows are
 * never dropped, so any range can be replayed.
 */
final class MemorySource implements Source {
  private final MemoryStream stream;
  private final int numPartitions;
  private final Long maxRowsPerTrigger;
  private final String owner;
  private OptionalLong availableNowEnd = OptionalLong.empty();

  MemorySource(MemoryStream stream, int numPartitions, Long maxRowsPerTrigger, String owner) {
    this.stream = stream;
    this.numPartitions = numPartitions;
    this.maxRowsPerTrigger = maxRowsPerTrigger;
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
    return RowCount.ZERO;
  }

  @Override
  public Offset deserializeOffset(String json) {
    return RowCount.parse(json, owner);
  }

  @Override
  public ReadLimit defaultReadLimit() {
    return maxRowsPerTrigger == null ? ReadLimit.allAvailable() : ReadLimit.maxRows(maxRowsPerTrigger);
  }

  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) {
    long from = rows(start);
    long end = availableNowEnd.orElse(stream.size());
    if (limit.maxRows().isPresent()) {
      long max = limit.maxRows().getAsLong();
      end = Math.min(end, from > Long.MAX_VALUE - max ? Long.MAX_VALUE : from + max);
    }
    return end <= from ? start : new RowCount(end);
  }

  @Override
  public void prepareForAvailableNow() {
    availableNowEnd = OptionalLong.of(stream.size());
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) {
    return RowRange.split(rows(start), rows(end), numPartitions).stream()
        .<InputPartition>map(range -> new MemoryPartition(stream.name(), range))
        .toList();
  }

  @Override
  public PartitionReader createReader(InputPartition partition) {
    if (!(partition instanceof MemoryPartition memory)) {
      throw new IllegalArgumentException(owner + " cannot read the partition " + partition.describe() + ", planned by another source");
    }
    // By name, not through this.stream: the partition may have been planned by another instance.
    MemoryStream source = MemoryStream.find(memory.stream()).orElseThrow(() -> new IllegalStateException(
        "memory stream '" + memory.stream() + "' no longer exists; existing streams: " + MemoryStream.existingNames()));
    return new ListReader(source.rows(memory.range()));
  }

  private long rows(Offset offset) {
    return offset instanceof RowCount count ? count.rows() : RowCount.parse(offset.json(), owner).rows();
  }

  @Override
  public String toString() {
    return owner + " over " + stream;
  }

  /** The offset: how many rows are behind it. */
  record RowCount(long rows) implements Offset {
    static final RowCount ZERO = new RowCount(0);

    static RowCount parse(String json, String owner) {
      try {
        long rows = Long.parseLong(json.trim());
        if (rows >= 0) {
          return new RowCount(rows);
        }
      } catch (NumberFormatException e) {
        // Reported below with the value.
      }
      throw new MillraceException(owner + " cannot read the offset '" + json + "'; expected a row count such as 7");
    }

    @Override
    public String json() {
      return Long.toString(rows);
    }

    @Override
    public String toString() {
      return json();
    }
  }

  /** Reads rows already copied out of the stream. */
  private static final class ListReader implements PartitionReader {
    private final Iterator<Row> rows;
    private Row current;

    ListReader(List<Row> rows) {
      this.rows = rows.iterator();
    }

    @Override
    public boolean next() {
      current = rows.hasNext() ? rows.next() : null;
      return current != null;
    }

    @Override
    public Row get() {
      if (current == null) {
        throw new NoSuchElementException("no current row: call next() and check that it returned true");
      }
      return current;
    }

    @Override
    public void close() {}
  }
}
