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
import java.util.function.Supplier;

/**
 * Text lines from a TCP server, one row each ({@code value}, and with {@code includeTimestamp}
 * the time the line arrived), as Spark's socket source, for demos: lines are held in memory until
 * their batch commits and are not replayable, so a query reading them promises nothing across a
 * failure. The source connects at its first use (the first batch), not when created, so that
 * resolving or explaining a query opens no connection. Offsets count lines; a restart numbers
 * the new connection's lines from the offset it resumes at. A batch that a crash left uncommitted
 * cannot be read again: its lines went with the process, so the replay reads none, logs a warning
 * and counts them in {@code linesLost}.
 */
final class SocketSource implements Source {
  static final Schema SCHEMA = Schema.of(new Field("value", DataType.STRING, true));
  static final Schema SCHEMA_WITH_TIMESTAMP = Schema.of(new Field("value", DataType.STRING, true),
      new Field("timestamp", DataType.TIMESTAMP, true));

  private static final System.Logger LOG = System.getLogger(SocketSource.class.getName());

  private final Supplier<SocketLines> connect;
  private final RowSourceOptions settings;
  private final boolean includeTimestamp;
  private final String owner;
  /** The connection's lines, once connected; numbered from the first offset the runtime gave. */
  private SocketLines lines;
  private long linesLost;

  SocketSource(Supplier<SocketLines> connect, RowSourceOptions settings, boolean includeTimestamp, String owner) {
    this.connect = connect;
    this.settings = settings;
    this.includeTimestamp = includeTimestamp;
    this.owner = owner;
  }

  /** The lines, connecting first if need be, numbered from {@code base} if this is the first use. */
  private synchronized SocketLines lines(long base) {
    if (lines == null) {
      lines = connect.get();
      lines.numberFrom(base);
    }
    return lines;
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
    SocketLines lines = lines(from.rows());
    long end = lines.end();
    IOException failure = lines.failure();
    if (end <= from.rows() && failure != null) {
      throw new IOException(owner + ": the connection to the server failed: " + failure.getMessage(), failure);
    }
    return RowCountOffset.next(from, end, limit);
  }

  /**
   * The lines of {@code (start, end]}. On an instance that has not yet given an offset, this is
   * the replay of a batch an earlier process planned and did not commit: its lines are gone.
   */
  @Override
  public synchronized List<InputPartition> planInputPartitions(Offset start, Offset end) {
    RowCountOffset from = RowCountOffset.of(start, owner);
    RowCountOffset until = RowCountOffset.of(end, owner);
    if (lines == null) {
      lines(until.rows());
      long lost = until.rows() - from.rows();
      if (lost > 0) {
        linesLost += lost;
        LOG.log(System.Logger.Level.WARNING, owner + ": the batch of lines " + from.rows() + ".." + (until.rows() - 1)
            + " was planned by a run that stopped before committing it; the socket source cannot replay, so its "
            + lost + " lines are lost and the batch is written without them (counted in linesLost)");
      }
      return List.of();
    }
    List<InputPartition> partitions = new ArrayList<>();
    for (RowRange range : RowRange.split(from, until, settings.numPartitions())) {
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
    long offset = RowCountOffset.of(end, owner).rows();
    lines(offset).dropBefore(offset);
  }

  @Override
  public synchronized Map<String, String> metrics() {
    boolean connected = lines != null && !lines.ended() && lines.failure() == null;
    return Map.of("linesReceived", Long.toString(lines == null ? 0 : lines.received()),
        "linesBuffered", Integer.toString(lines == null ? 0 : lines.buffered()),
        "linesLost", Long.toString(linesLost), "connected", Boolean.toString(connected));
  }

  @Override
  public synchronized void close() throws IOException {
    if (lines != null) {
      lines.close();
    }
  }

  @Override
  public String toString() {
    return owner;
  }
}
