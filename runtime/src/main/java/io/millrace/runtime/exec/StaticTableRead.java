package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.runtime.plan.LogicalPlan;
import io.millrace.runtime.plan.StaticTable;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A static table read through its source plugin: everything the source holds when read, from
 * its initial offset to its latest, in one go (a source that can fix its end is asked to, as
 * under the available-now trigger). The source keeps what it needs between reads in a scratch
 * directory of its own, deleted on {@link #close}. With {@code refreshInterval} the table is read
 * again, between batches, once that much time has passed since the last read
 * ({@link #refreshIfDue}); without it, once per query start.
 */
final class StaticTableRead implements StaticTable, AutoCloseable {
  static final String REFRESH_INTERVAL = "refreshInterval";
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StaticTableRead.class);

  private final Engine engine;
  private final String format;
  private final Map<String, String> pluginOptions;
  private final Optional<Schema> userSchema;
  private final Optional<Duration> refreshInterval;
  private final Path scratch;
  private final Schema schema;
  private volatile Snapshot current;
  private long readAtMillis;
  private long reads;
  private long rowsRead;
  /** What the source reported of the last read ({@code numMalformedRows}, ...), logged with it. */
  private Map<String, String> lastReadMetrics = Map.of();

  private StaticTableRead(Engine engine, LogicalPlan.StaticRelation relation) throws IOException {
    this.engine = engine;
    this.format = relation.format();
    this.pluginOptions = new HashMap<>(relation.options());
    // option keys match ignoring case, as the plugins' own options do
    String key = pluginOptions.keySet().stream().filter(REFRESH_INTERVAL::equalsIgnoreCase).findFirst().orElse(null);
    String interval = key == null ? null : pluginOptions.remove(key);
    this.refreshInterval = Optional.ofNullable(interval).map(text -> PluginOptionException.creatingStaticTable(
        () -> refreshInterval(relation, text)));
    this.userSchema = relation.userSchema();
    this.scratch = Files.createTempDirectory("millrace-static-");
    try (Source source = open(0)) {
      this.schema = source.schema();
    } catch (IOException | RuntimeException | Error e) {
      deleteQuietly(scratch);
      throw e;
    } finally {
      deleteQuietly(scratch.resolve("0"));
    }
  }

  /** The table {@code relation} names; its source plugin checks the options now, before anything is read. */
  static StaticTableRead of(Engine engine, LogicalPlan.StaticRelation relation) {
    try {
      return new StaticTableRead(engine, relation);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the static table " + relation.format() + " "
          + relation.options().get("path") + ": " + e.getMessage(), e);
    }
  }

  private static Duration refreshInterval(LogicalPlan.StaticRelation relation, String text) {
    Options options = Options.of("static table " + relation.format() + " " + relation.options().getOrDefault("path",
        ""), relation.options());
    Duration d;
    try {
      d = Options.parseDuration(text);
    } catch (IllegalArgumentException e) {
      throw options.invalid(REFRESH_INTERVAL, text, "a duration such as '10 minutes'");
    }
    if (d.isNegative() || d.isZero()) {
      throw options.invalid(REFRESH_INTERVAL, text, "a positive duration such as '10 minutes'");
    }
    return d;
  }

  @Override
  public String description() {
    return format + (pluginOptions.containsKey("format") ? " " + pluginOptions.get("format") : "")
        + (pluginOptions.containsKey("path") ? " " + pluginOptions.get("path") : "");
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public Snapshot current() {
    Snapshot s = current;
    if (s == null) {
      throw new IllegalStateException("the static table " + description() + " was not read before the batch");
    }
    return s;
  }

  /**
   * Reads the table if it was never read, or if its refresh interval has passed; between
   * batches only, so that every task of a batch sees one snapshot.
   *
   * @return whether it was read
   */
  boolean refreshIfDue(long nowMillis) {
    if (current != null && (refreshInterval.isEmpty()
        || nowMillis - readAtMillis < refreshInterval.get().toMillis())) {
      return false;
    }
    List<Row> rows = readAll();
    reads++;
    rowsRead = rows.size();
    readAtMillis = nowMillis;
    current = new Snapshot(reads, rows);
    LOG.info("Read the static table {}: {} rows (read {}{}){}", description(), rows.size(), reads,
        refreshInterval.map(d -> ", read again every " + d).orElse(""),
        lastReadMetrics.isEmpty() ? "" : "; the source reports " + lastReadMetrics);
    return true;
  }

  /** The rows the last read gave. */
  long rowsRead() {
    return rowsRead;
  }

  private List<Row> readAll() {
    Path dir = scratch.resolve(Long.toString(reads + 1));
    try (Source source = open(reads + 1)) {
      if (!source.schema().equals(schema)) {
        // rows are read by position: another layout would put values under the wrong columns
        throw new MillraceException("the static table " + description() + " has another schema than when the query"
            + " started: " + source.schema() + " instead of " + schema + "; restart the query to join with the new"
            + " schema");
      }
      Offset start = source.initialOffset();
      if (source.capabilities().contains(SourceCapability.AVAILABLE_NOW)) {
        source.prepareForAvailableNow();
      }
      Offset end = source.latestOffset(start, ReadLimit.allAvailable());
      List<Row> rows = new ArrayList<>();
      for (InputPartition partition : source.planInputPartitions(start, end)) {
        try (PartitionReader reader = source.createReader(partition)) {
          while (reader.next()) {
            rows.add(Row.wrap(reader.get().toArray()));
          }
        }
      }
      lastReadMetrics = source.metrics();
      return rows;
    } catch (IOException e) {
      throw new MillraceException("cannot read the static table " + description() + ": " + e.getMessage(), e);
    } finally {
      deleteQuietly(dir); // the source's own log of this read; the next read starts afresh
    }
  }

  /** A new instance of the source, on a scratch directory of its own for this read. */
  private Source open(long read) throws IOException {
    SourceProvider provider = engine.plugins().source(format);
    Options options = Options.of("static table " + description(), pluginOptions);
    URI dir = Files.createDirectories(scratch.resolve(Long.toString(read))).toUri();
    return PluginOptionException.creatingStaticTable(() -> provider.create(RuntimePluginContext.forSource(engine,
        options, UUID.randomUUID().toString(), userSchema, dir)));
  }

  @Override
  public void close() {
    deleteQuietly(scratch);
  }

  private static void deleteQuietly(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      LOG.warn("Could not delete the scratch directory {} of a static table", dir, e);
    }
  }
}
