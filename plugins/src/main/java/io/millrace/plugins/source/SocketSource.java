package io.millrace.plugins.source;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Text lines from a TCP server, one row each ({@code value}, and with {@code includeTimestamp}
 * the time the line arrived), as Spark's socket source, for demos: lines are held in memory until
 * their batch commits and are not replayable, so a query reading them promises nothing across a
 * failure. Offsets count lines; a restart numbers the new connection's lines from the offset it
 * resumes at (the lines an earlier run held but had not committed are gone with it).
 */
final class SocketSource implements Source {
  static final Schema SCHEMA = Schema.of(new Field("value", DataType.STRING, true));
  static final Schema SCHEMA_WITH_TIMESTAMP = Schema.of(new Field("value", DataType.STRING, true),
      new Field("timestamp", DataType.TIMESTAMP, true));

  private final SocketLines lines;
  private final RowSourceOptions settings;
  private final boolean includeTimestamp;
  private final String owner;
  private boolean numbered;

  SocketSource(SocketLines lines, RowSourceOptions settings, boolean includeTimestamp, String owner) {
    this.lines = lines;
    this.settings = settings;
    this.includeTimestamp = includeTimestamp;
    this.owner = owner;
  }

  @Override
  public Schema schema() {
    return includeTimestamp ? SCHEMA_WITH_TIMESTAMP : SCHEMA;
  }

  @Override
  public Set<SourceCapability> capabilities() {
    return EnumSet.of(SourceCapability.RATE_LIMIT, SourceCapability.ORDERED);
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

  /**
   * The offset after the lines received, within the limit. Once the lines received are all
   * read, a failed connection fails the query, with the reason; a closed one just sends no more.
   */
  @Override
  public synchronized Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
    RowCountOffset from = RowCountOffset.of(start, owner);
    if (!numbered) {
      lines.numberFrom(from.rows());
      numbered = true;
    }
    long end = lines.end();
    IOException failure = lines.failure();
    if (end <= from.rows() && failure != null) {
      throw new IOException(owner + ": the connection to the server failed: " + failure.getMessage(), failure);
    }
    return RowCountOffset.next(from, end, limit);
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) {
    List<InputPartition> partitions = new ArrayList<>();
    for (RowRange range : RowRange.split(RowCountOffset.of(start, owner), RowCountOffset.of(end, owner),
        settings.numPartitions())) {
      List<SocketLines.Line> held = lines.range(range.from(), range.until());
      List<String> text = new ArrayList<>(held.size());
      long[] arrived = new long[held.size()];
      for (int i = 0; i < held.size(); i++) {
        text.add(held.get(i).text());
        arrived[i] = held.get(i).arrivedMicros();
      }
      partitions.add(new SocketPartition(range, text, arrived, includeTimestamp));
    }
    return partitions;
  }

  @Override
  public PartitionReader createReader(InputPartition partition) {
    if (!(partition instanceof SocketPartition socket)) {
      throw new IllegalArgumentException(owner + " cannot read the partition " + partition.describe()
          + ", planned by another source");
    }
    return new PartitionReader() {
      private int next = -1;

      @Override
      public boolean next() {
        return ++next < socket.lines().size();
      }

      @Override
      public Row get() {
        String text = socket.lines().get(next);
        return socket.includeTimestamp() ? Row.of(text, socket.arrivedMicros()[next]) : Row.of(text);
      }

      @Override
      public void close() {}
    };
  }

  /** The lines before {@code end} were written: they need not be held any longer. */
  @Override
  public void commit(Offset end) {
    lines.dropBefore(RowCountOffset.of(end, owner).rows());
  }

  @Override
  public Map<String, String> metrics() {
    return Map.of("linesReceived", Long.toString(lines.received()), "linesBuffered", Integer.toString(lines.buffered()),
        "connected", Boolean.toString(!lines.ended() && lines.failure() == null));
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }

  @Override
  public String toString() {
    return owner;
  }
}
