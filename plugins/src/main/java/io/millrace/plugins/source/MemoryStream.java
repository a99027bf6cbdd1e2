package io.millrace.plugins.source;

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

/**
 * A named, append-only table of rows held in this JVM, read by the {@code memory} source
 * ({@code readStream().format("memory").option("name", ..)}). Tests and applications create
 * one, start a query over it, and {@link #addData add rows} as they go.
 *
 * <p>Streams live in a JVM-wide registry until {@link #remove removed}. Rows are checked
 * against the schema as they are added, and a batch of added rows becomes visible at once.
 * The offset after the {@code n}th row is {@code n}. Every method is thread-safe.
 */
public final class MemoryStream {
  private static final Map<String, MemoryStream> STREAMS = new ConcurrentHashMap<>();

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

  @Override
  public String toString() {
    return "memory stream '" + name + "' (" + schema.toDdl() + ")";
  }
}
