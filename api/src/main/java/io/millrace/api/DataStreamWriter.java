package io.millrace.api;

import io.millrace.api.engine.BatchConsumer;
import io.millrace.api.engine.QueryDefinition;
import io.millrace.api.plan.PlanNode;
import io.millrace.spi.sink.OutputMode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Describes where a stream's result goes and starts the query:
 * {@code writeStream().format("console").outputMode("append").trigger(..).option("checkpointLocation", ..).start()}.
 */
public final class DataStreamWriter {
  private static final String CHECKPOINT_LOCATION = "checkpointLocation";

  private final MillraceSession session;
  private final PlanNode plan;
  private String format;
  private ForeachBatchFunction foreachBatch;
  private ForeachWriter foreachWriter;
  private OutputMode outputMode = OutputMode.APPEND;
  private Trigger trigger = Trigger.defaultTrigger();
  private String queryName;
  private final Map<String, String> options = new LinkedHashMap<>();

  DataStreamWriter(MillraceSession session, PlanNode plan) {
    this.session = session;
    this.plan = plan;
  }

  /** The sink plugin's name, such as {@code console}, {@code memory} or {@code delta}. */
  public DataStreamWriter format(String sink) {
    this.format = sink;
    return this;
  }

  public DataStreamWriter outputMode(OutputMode mode) {
    this.outputMode = mode;
    return this;
  }

  /** {@code append}, {@code update} or {@code complete}. */
  public DataStreamWriter outputMode(String mode) {
    try {
      return outputMode(OutputMode.valueOf(mode.trim().toUpperCase(Locale.ROOT)));
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("unknown output mode '" + mode + "'; use append, update or complete");
    }
  }

  public DataStreamWriter trigger(Trigger trigger) {
    this.trigger = trigger;
    return this;
  }

  public DataStreamWriter queryName(String name) {
    this.queryName = name;
    return this;
  }

  /** A sink option, or {@code checkpointLocation}. */
  public DataStreamWriter option(String key, String value) {
    options.put(key, value);
    return this;
  }

  public DataStreamWriter option(String key, long value) {
    return option(key, Long.toString(value));
  }

  /**
   * Partitions the output by these columns, as Spark's {@code partitionBy}: sinks that write
   * directories (the file sinks, {@code delta}) put each row under {@code col=value/}. It sets the
   * sink option {@code partitionBy} to the comma-separated names, as a job file writes it.
   */
  public DataStreamWriter partitionBy(String... columns) {
    if (columns.length == 0) {
      options.remove("partitionBy");
      return this;
    }
    for (String c : columns) {
      if (c == null || c.isBlank() || c.contains(",")) {
        throw new AnalysisException("partitionBy(..) takes column names; '" + c + "' is not one");
      }
    }
    return option("partitionBy", String.join(",", columns));
  }

  public DataStreamWriter options(Map<String, String> values) {
    options.putAll(values);
    return this;
  }

  /**
   * Hands each batch to user code instead of a sink plugin, as a bounded dataset it can query
   * and write through sinks ({@link ForeachBatchFunction}); such a query is at-least-once.
   */
  public DataStreamWriter foreachBatch(ForeachBatchFunction function) {
    this.foreachBatch = java.util.Objects.requireNonNull(function, "function");
    return this;
  }

  /**
   * Writes each row with {@code writer}, task by task, as Spark's {@code foreach}: the sink
   * {@code foreach}, at-least-once (see {@link ForeachWriter}). Each task works on its own
   * serialized copy of the writer.
   */
  public DataStreamWriter foreach(ForeachWriter writer) {
    this.foreachWriter = java.util.Objects.requireNonNull(writer, "writer");
    this.format = "foreach";
    return this;
  }

  /**
   * Starts the query. Everything that can be checked before data flows is checked here, and
   * fails here: plugin names and options, column names and types, the output mode, the
   * checkpoint (corrupt files, another query holding it).
   */
  public StreamingQuery start() {
    if (foreachBatch != null && format != null) {
      throw new AnalysisException("use either format(\"" + format + "\") or foreachBatch(..), not both");
    }
    if (foreachBatch == null && (format == null || format.isBlank())) {
      throw new AnalysisException("writeStream() needs a format(..) naming a sink plugin, or foreachBatch(..)");
    }
    Map<String, String> sinkOptions = new LinkedHashMap<>(options);
    String checkpoint = null;
    for (String key : options.keySet()) {
      if (key.equalsIgnoreCase(CHECKPOINT_LOCATION)) {
        checkpoint = sinkOptions.remove(key);
      }
    }
    ForeachBatchFunction function = foreachBatch;
    Optional<BatchConsumer> consumer = function == null ? Optional.empty() : Optional.of((batch, batchId, queryId) ->
        function.call(Dataset.ofBatch(session, new PlanNode.BatchRelation(batch, batchId, queryId)), batchId));
    QueryDefinition definition = new QueryDefinition(plan, Optional.ofNullable(format), consumer,
        sinkOptions, outputMode, trigger, Optional.ofNullable(checkpoint), Optional.ofNullable(queryName),
        "foreach".equals(format) ? Optional.ofNullable(foreachWriter) : Optional.empty());
    StreamingQuery query = session.engine().start(definition);
    session.streams().register(query);
    return query;
  }
}
