package io.millrace.api.engine;

import io.millrace.api.Trigger;
import io.millrace.api.plan.PlanNode;
import io.millrace.spi.sink.OutputMode;
import java.util.Map;
import java.util.Optional;

/**
 * Everything {@code writeStream().start()} was told.
 *
 * @param plan the query, unresolved
 * @param sinkFormat the sink plugin's name; empty with {@code foreachBatch}
 * @param foreachBatch user code that takes each batch instead of a sink plugin
 * @param sinkOptions options for the sink (without {@code checkpointLocation})
 * @param outputMode the output mode
 * @param trigger the trigger policy and its options
 * @param checkpointLocation where the checkpoint lives; empty means a temporary one
 * @param queryName the name, if given
 * @param foreachWriter the writer given to {@code foreach(..)}, with the sink format {@code foreach}
 */
public record QueryDefinition(
    PlanNode plan,
    Optional<String> sinkFormat,
    Optional<BatchConsumer> foreachBatch,
    Map<String, String> sinkOptions,
    OutputMode outputMode,
    Trigger trigger,
    Optional<String> checkpointLocation,
    Optional<String> queryName,
    Optional<io.millrace.api.ForeachWriter> foreachWriter) {

  public QueryDefinition {
    sinkOptions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sinkOptions));
  }

  /** A query without a {@code foreach} writer (the definition before {@code foreach} existed). */
  public QueryDefinition(PlanNode plan, Optional<String> sinkFormat, Optional<BatchConsumer> foreachBatch,
      Map<String, String> sinkOptions, OutputMode outputMode, Trigger trigger, Optional<String> checkpointLocation,
      Optional<String> queryName) {
    this(plan, sinkFormat, foreachBatch, sinkOptions, outputMode, trigger, checkpointLocation, queryName,
        Optional.empty());
  }
}
