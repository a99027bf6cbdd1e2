package io.millrace.sink.file;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A file sink's options, read and checked once when the sink is created. The names are Spark's
 * where Spark has the option ({@code path}, {@code partitionBy}, {@code maxRecordsPerFile},
 * {@code compression}, {@code header}, {@code retention}); {@code maxFileSize} and
 * {@code compactInterval} are ours (Spark's compact interval is a session setting).
 */
record FileSinkOptions(String path, List<String> partitionBy, long maxRecordsPerFile, long maxFileSize,
    int compactInterval, Optional<Duration> retention, String compression, boolean header, Map<String, String> hadoop) {

  static final String PATH = "path";
  static final String PARTITION_BY = "partitionBy";
  static final String MAX_RECORDS_PER_FILE = "maxRecordsPerFile";
  static final String MAX_FILE_SIZE = "maxFileSize";
  static final String COMPACT_INTERVAL = "compactInterval";
  static final String RETENTION = "retention";
  static final String COMPRESSION = "compression";
  static final String HEADER = "header";
  static final String HADOOP_PREFIX = "hadoop.";
  static final int DEFAULT_COMPACT_INTERVAL = 10;

  /** Reads the options of a sink writing {@code format}. */
  static FileSinkOptions read(SinkContext context, FileFormat format) {
    Options options = context.options();
    List<String> known = new ArrayList<>(List.of(PATH, PARTITION_BY, MAX_RECORDS_PER_FILE, MAX_FILE_SIZE,
        COMPACT_INTERVAL, RETENTION, COMPRESSION));
    if (format.hasHeader()) {
      known.add(HEADER);
    }
    Map<String, String> hadoop = new TreeMap<>();
    for (Map.Entry<String, String> e : options.asMap().entrySet()) {
      String key = e.getKey();
      String lower = key.toLowerCase(Locale.ROOT);
      if (lower.startsWith(HADOOP_PREFIX) && key.length() > HADOOP_PREFIX.length()) {
        // Hadoop keys are case-sensitive, so the key is kept as the user wrote it.
        hadoop.put(key.substring(HADOOP_PREFIX.length()), e.getValue());
      } else if (known.stream().noneMatch(k -> k.equalsIgnoreCase(key))) {
        throw new InvalidOptionException(key, "option '" + key + "' of " + options.owner() + " is not known; known"
            + " options: " + String.join(", ", known) + ", " + HADOOP_PREFIX + "<key>");
      }
    }
    String path = options.require(PATH).trim();
    if (path.isEmpty()) {
      throw options.invalid(PATH, path, "the output directory, such as /data/events or hdfs://nn:8020/events");
    }
    long maxRecords = options.getLong(MAX_RECORDS_PER_FILE, 0);
    long maxBytes = options.getLong(MAX_FILE_SIZE, 0);
    if (maxRecords < 0 || maxBytes < 0) {
      throw options.invalid(maxRecords < 0 ? MAX_RECORDS_PER_FILE : MAX_FILE_SIZE,
          Long.toString(Math.min(maxRecords, maxBytes)), "a positive number, or 0 for no limit");
    }
    int compactInterval = options.getInt(COMPACT_INTERVAL, DEFAULT_COMPACT_INTERVAL, 1);
    Optional<Duration> retention = options.get(RETENTION).map(v -> options.getDuration(RETENTION, null));
    retention.filter(d -> d.isNegative() || d.isZero()).ifPresent(d -> {
      throw options.invalid(RETENTION, options.get(RETENTION).orElse(""), "a positive duration such as '7 days'");
    });
    String compression = options.getString(COMPRESSION, format.defaultCompression()).trim().toLowerCase(Locale.ROOT);
    if (!format.compressions().contains(compression)) {
      throw options.invalid(COMPRESSION, compression, "one of " + String.join(", ", format.compressions()));
    }
    boolean header = format.hasHeader() && options.getBoolean(HEADER, false);
    List<String> partitionBy = partitionColumns(options, context.schema(), format);
    return new FileSinkOptions(path, partitionBy, maxRecords, maxBytes, compactInterval, retention, compression, header,
        hadoop);
  }

  private static List<String> partitionColumns(Options options, Schema schema, FileFormat format) {
    String text = options.getString(PARTITION_BY, "").trim();
    List<String> columns = new ArrayList<>();
    if (text.isEmpty()) {
      return columns;
    }
    for (String part : text.split(",")) {
      String name = part.trim();
      Field field = schema.find(name).orElseThrow(() -> options.invalid(PARTITION_BY, text,
          "columns of the query's output (" + String.join(", ", schema.names()) + "); '" + name + "' is not one"));
      DataType.Kind kind = field.type().kind();
      if (kind == DataType.Kind.STRUCT || kind == DataType.Kind.ARRAY || kind == DataType.Kind.MAP
          || kind == DataType.Kind.BINARY) {
        throw options.invalid(PARTITION_BY, text, "columns of atomic types, as Spark requires; '" + name + "' is "
            + field.type());
      }
      if (columns.contains(field.name())) {
        throw options.invalid(PARTITION_BY, text, "each column once; '" + name + "' is repeated");
      }
      columns.add(field.name());
    }
    if (columns.size() == schema.size()) {
      throw options.invalid(PARTITION_BY, text, "at most all columns but one: Spark refuses to write files without a"
          + " data column");
    }
    if (format.singleColumn() && schema.size() - columns.size() != 1) {
      throw options.invalid(PARTITION_BY, text, "the columns that leave exactly one data column for the text format");
    }
    return List.copyOf(columns);
  }
}
