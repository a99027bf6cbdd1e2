package io.millrace.api;

import io.millrace.api.plan.PlanNode;
import io.millrace.spi.data.Schema;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Describes a static table, as Spark's {@code spark.read}:
 * {@code session.read().format("delta").load(path)}, {@code session.read().schema(ddl).json(path)}.
 * A static dataset is read when a query over it starts, and can be joined with a stream
 * ({@link Dataset#join}); the option {@code refreshInterval} (such as {@code "10 minutes"})
 * reads it again, between batches, once that much time has passed since the last read.
 *
 * <p>{@code json}, {@code csv}, {@code parquet} and {@code text} read a directory of files through
 * the {@code file} source plugin; any other format names a source plugin ({@code delta}, ...).
 */
public final class DataFrameReader {
  private static final Set<String> FILE_FORMATS = Set.of("json", "csv", "parquet", "text");

  private final MillraceSession session;
  private String format;
  private Schema schema;
  private final Map<String, String> options = new LinkedHashMap<>();

  DataFrameReader(MillraceSession session) {
    this.session = session;
  }

  /** {@code json}, {@code csv}, {@code parquet}, {@code text}, or a source plugin's name such as {@code delta}. */
  public DataFrameReader format(String source) {
    this.format = source;
    return this;
  }

  public DataFrameReader schema(Schema schema) {
    this.schema = schema;
    return this;
  }

  /** A schema in DDL, such as {@code "k INT, name STRING"}. */
  public DataFrameReader schema(String ddl) {
    try {
      this.schema = Schema.parse(ddl);
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("schema: " + e.getMessage(), e);
    }
    return this;
  }

  public DataFrameReader option(String key, String value) {
    options.put(key, value);
    return this;
  }

  public DataFrameReader option(String key, long value) {
    return option(key, Long.toString(value));
  }

  public DataFrameReader option(String key, boolean value) {
    return option(key, Boolean.toString(value));
  }

  public DataFrameReader options(Map<String, String> values) {
    options.putAll(values);
    return this;
  }

  /** The table at {@code path}: the option {@code path}, as Spark's {@code load(path)}. */
  public Dataset load(String path) {
    options.put("path", path);
    return load();
  }

  /** The table the options name. */
  public Dataset load() {
    if (format == null || format.isBlank()) {
      throw new AnalysisException("read() needs a format(..): json, csv, parquet, text, or a source plugin's name"
          + " such as delta");
    }
    String plugin = format;
    Map<String, String> pluginOptions = new LinkedHashMap<>(options);
    if (FILE_FORMATS.contains(format.toLowerCase(Locale.ROOT))) {
      plugin = "file";
      String given = pluginOptions.putIfAbsent("format", format.toLowerCase(Locale.ROOT));
      if (given != null && !given.equalsIgnoreCase(format)) {
        throw new AnalysisException("read().format(\"" + format + "\") and option format=" + given
            + " disagree; give one of them");
      }
    }
    session.engine().checkSource(plugin);
    return new Dataset(session, new PlanNode.StaticRead(plugin, pluginOptions, Optional.ofNullable(schema)));
  }

  public Dataset json(String path) {
    return format("json").load(path);
  }

  public Dataset csv(String path) {
    return format("csv").load(path);
  }

  public Dataset parquet(String path) {
    return format("parquet").load(path);
  }

  public Dataset text(String path) {
    return format("text").load(path);
  }
}
