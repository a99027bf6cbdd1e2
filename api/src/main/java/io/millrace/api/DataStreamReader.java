package io.millrace.api;

import io.millrace.api.plan.PlanNode;
import io.millrace.spi.data.Schema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Describes a streaming source: {@code readStream().format("rate").option(..).load()}. */
public final class DataStreamReader {
  private final MillraceSession session;
  private String format;
  private Schema schema;
  private final Map<String, String> options = new LinkedHashMap<>();

  DataStreamReader(MillraceSession session) {
    this.session = session;
  }

  /** The source plugin's name, such as {@code memory}, {@code rate} or {@code file}. */
  public DataStreamReader format(String source) {
    this.format = source;
    return this;
  }

  public DataStreamReader schema(Schema schema) {
    this.schema = schema;
    return this;
  }

  /** A schema in DDL, such as {@code "ts TIMESTAMP, key STRING, amount DOUBLE"}. */
  public DataStreamReader schema(String ddl) {
    try {
      this.schema = Schema.parse(ddl);
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("schema: " + e.getMessage(), e);
    }
    return this;
  }

  public DataStreamReader option(String key, String value) {
    options.put(key, value);
    return this;
  }

  public DataStreamReader option(String key, long value) {
    return option(key, Long.toString(value));
  }

  public DataStreamReader option(String key, boolean value) {
    return option(key, Boolean.toString(value));
  }

  public DataStreamReader options(Map<String, String> values) {
    options.putAll(values);
    return this;
  }

  /** The stream. The source is created and checked when a query over it starts. */
  public Dataset load() {
    if (format == null || format.isBlank()) {
      throw new AnalysisException("readStream() needs a format(..): the name of a source plugin");
    }
    session.engine().checkSource(format);
    return new Dataset(session, new PlanNode.Read(format, options, Optional.ofNullable(schema)));
  }
}
