package io.millrace.tck.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import io.millrace.tck.source.ReferenceLogs.Segment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A correct source over a {@link ReferenceLogs} log: replayable, rate-limited, available-now and
 * ordered. An offset is the number of rows before it; a commit trims the segments wholly before
 * it, which no replay may ask for again.
 */
class ReferenceSource implements Source {
  static final Schema SCHEMA = Schema.parse("id LONG NOT NULL, name STRING");

  protected final Path log;
  private final int numPartitions;
  protected OptionalLong availableNowEnd = OptionalLong.empty();

  ReferenceSource(Path log, int numPartitions) {
    this.log = log;
    this.numPartitions = numPartitions;
  }

  /** The log's segments in the order this instance reads them: numeric order of their names. */
  protected List<Segment> segments() {
    return ReferenceLogs.segments(log);
  }

  @Override
  public Schema schema() {
    return SCHEMA;
  }

  @Override
  public Set<SourceCapability> capabilities() {
    return EnumSet.allOf(SourceCapability.class);
  }

  @Override
  public Offset initialOffset() {
    return new LogOffset(0);
  }

  @Override
  public Offset deserializeOffset(String json) {
    return LogOffset.parse(json);
  }

  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) {
    long from = LogOffset.of(start).next();
    long end = availableNowEnd.orElse(ReferenceLogs.size(log));
    if (limit.maxRows().isPresent()) {
      end = Math.min(end, from + limit.maxRows().getAsLong());
    }
    return end <= from ? start : new LogOffset(end);
  }

  @Override
  public void prepareForAvailableNow() {
    availableNowEnd = OptionalLong.of(ReferenceLogs.size(log));
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) {
    long from = LogOffset.of(start).next();
    long until = LogOffset.of(end).next();
    if (until < from) {
      throw new IllegalArgumentException("the end " + end.json() + " is before the start " + start.json());
    }
    List<InputPartition> partitions = new ArrayList<>();
    long rows = until - from;
    long parts = Math.min(numPartitions, rows);
    for (long i = 0; i < parts; i++) {
      long size = rows / parts + (i < rows % parts ? 1 : 0);
      partitions.add(new LogPartition(log.toString(), from, from + size));
      from += size;
    }
    return partitions;
  }

  @Override
  public PartitionReader createReader(InputPartition partition) {
    LogPartition slice = (LogPartition) partition;
    return reader(ReferenceLogs.rows(log, segments(), slice.from(), slice.until()));
  }

  /** Everything before {@code end} is committed: its segments may go. */
  @Override
  public void commit(Offset end) {
    ReferenceLogs.trim(log, LogOffset.of(end).next());
  }

  /** A reader over rows already in memory. */
  static PartitionReader reader(List<Row> rows) {
    Iterator<Row> it = rows.iterator();
    return new PartitionReader() {
      private Row current;

      @Override
      public boolean next() {
        current = it.hasNext() ? it.next() : null;
        return current != null;
      }

      @Override
      public Row get() {
        return current;
      }

      @Override
      public void close() {}
    };
  }
}
