package io.millrace.api.testing;

import io.millrace.api.DataStreamReader;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A named, append-only table of rows held in this JVM, the input of tests, as Spark's
 * {@code MemoryStream}: create one, read it with {@link #toDataset} (the {@code memory} source),
 * start a query and {@link #addData add rows} as the test goes.
 *
 * <pre>{@code
 * MemoryStream events = MemoryStream.create(Schema.parse("key STRING, amount LONG"));
 * Dataset counts = events.toDataset(session).groupBy("key").count();
 * events.addData(Row.of("a", 1L), Row.of("b", 2L));   // returns the new end offset, 2
 * }</pre>
 *
 * <p>Streams live in a JVM-wide registry until {@link #remove removed} or {@link #close closed}.
 * Rows are checked against the schema as they are added, and a batch of added rows becomes
 * visible at once. The offset after the {@code n}th row is {@code n}. Every method is thread-safe.
 */
public final class MemoryStream implements AutoCloseable {
  private static final Map<String, MemoryStream> STREAMS = new ConcurrentHashMap<>();
  private static final AtomicLong UNNAMED = new AtomicLong();

  private final String name;
  private final Schema schema;
  private final List<Row> rows = new ArrayList<>();

  private MemoryStream(String name, Schema schema) {
    this.name = name;
    this.schema = schema;
  }

  /**
   * Registers an empty stream.
   *
   * @throws IllegalArgumentException if a stream of that name exists
   */
  public static MemoryStream create(String name, Schema schema) {
    Objects.requireNonNull(schema, "schema");
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a memory stream needs a non-blank name");
    }
    MemoryStream stream = new MemoryStream(name, schema);
    if (STREAMS.putIfAbsent(name, stream) != null) {
      throw new IllegalArgumentException(
          "a memory stream named '" + name + "' already exists; remove it first with MemoryStream.remove(\"" + name + "\")");
    }
    return stream;
  }

  /** Registers an empty stream under a name of its own, {@code memory-stream-N}. */
  public static MemoryStream create(Schema schema) {
    Objects.requireNonNull(schema, "schema");
    while (true) {
      String name = "memory-stream-" + UNNAMED.incrementAndGet();
      MemoryStream stream = new MemoryStream(name, schema);
      if (STREAMS.putIfAbsent(name, stream) == null) {
        return stream;
      }
    }
  }

  /**
   * The stream registered as {@code name}.
   *
   * @throws IllegalArgumentException listing the existing streams if there is none
   */
  public static MemoryStream get(String name) {
    return find(name).orElseThrow(
        () -> new IllegalArgumentException("no memory stream named '" + name + "'; existing streams: " + existingNames()));
  }

  /** The stream registered as {@code name}, if any. */
  public static Optional<MemoryStream> find(String name) {
    return Optional.ofNullable(name == null ? null : STREAMS.get(name));
  }

  /** Forgets the stream {@code name}, if there is one; queries still reading it fail. */
  public static void remove(String name) {
    if (name != null) {
      STREAMS.remove(name);
    }
  }

  /** The names of all streams, sorted, for messages. */
  static String existingNames() {
    return STREAMS.isEmpty() ? "none" : String.join(", ", new TreeSet<>(STREAMS.keySet()));
  }

  public String name() {
    return name;
  }

  public Schema schema() {
    return schema;
  }

  /** The stream as a streaming {@code Dataset} of {@code session}: the {@code memory} source over it. */
  public Dataset toDataset(MillraceSession session) {
    return readStream(session).load();
  }

  /**
   * A reader of {@code session} set to this stream, for the {@code memory} source's other
   * options: {@code stream.readStream(session).option("numPartitions", 3).load()}.
   */
  public DataStreamReader readStream(MillraceSession session) {
    return session.readStream().format(MemorySourceProvider.NAME).option(MemorySourceProvider.STREAM, name);
  }

  /**
   * Appends {@code rows}, all or none.
   *
   * @return the new end offset: the number of rows in the stream
   * @throws IllegalArgumentException naming the first row that does not fit the schema
   */
  public long addData(Row... rows) {
    return addData(Arrays.asList(rows));
  }

  /** Appends {@code rows}, all or none; see {@link #addData(Row...)}. */
  public long addData(List<Row> rows) {
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      int index = i;
      RowChecks.problem(schema, row).ifPresent(problem -> {
        throw new IllegalArgumentException("memory stream '" + name + "' refuses row " + index + " of the " + rows.size()
            + " added, " + row + ": " + problem + "; the stream's schema is '" + schema.toDdl() + "'; nothing was added");
      });
    }
    synchronized (this.rows) {
      this.rows.addAll(rows);
      return this.rows.size();
    }
  }

  /** The number of rows so far, which is also the latest offset. */
  public long size() {
    synchronized (rows) {
      return rows.size();
    }
  }

  /** A copy of the rows of {@code range}, which must lie within the stream. */
  List<Row> rows(RowRange range) {
    synchronized (rows) {
      if (range.until() > rows.size()) {
        throw new IllegalStateException("memory stream '" + name + "' has " + rows.size() + " rows; cannot read "
            + range + " (was it removed and created again with fewer rows?)");
      }
      return List.copyOf(rows.subList((int) range.from(), (int) range.until()));
    }
  }

  /** Removes this stream from the registry, if it is still the one registered under its name. */
  @Override
  public void close() {
    STREAMS.remove(name, this);
  }

  @Override
  public String toString() {
    return "memory stream '" + name + "' (" + schema.toDdl() + ")";
  }
}
