package io.millrace.runtime.batch;

import io.millrace.api.AnalysisException;
import io.millrace.api.plan.PlanNode;
import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the dataset of a {@code foreachBatch} batch can do: give its rows, and write them through a sink plugin. */
public final class BatchDatasets {

  private BatchDatasets() {
  }

  /** The rows of {@code plan}, a query over one batch. */
  public static List<Row> collect(Engine engine, PlanNode plan) {
    return BatchQuery.of(plan).rows(engine);
  }

  /** How many rows {@link #collect} would give. */
  public static long count(Engine engine, PlanNode plan) {
    return BatchQuery.of(plan).count(engine);
  }

  /**
   * Writes the rows of {@code plan} through the sink plugin {@code format}, as one batch whose
   * id is the batch's and whose query id is the query's, so that an exactly-once sink writes a
   * replayed batch once.
   *
   * @throws AnalysisException if the sink is unknown, refuses its options or append mode
   */
  public static void save(Engine engine, PlanNode plan, String format, Map<String, String> options) {
    BatchQuery query = BatchQuery.of(plan);
    PlanNode.BatchRelation input = query.input();
    SinkProvider provider = engine.plugins().sink(format);
    Options sinkOptions = Options.of("sink '" + format + "'", options);
    try (Sink sink = provider.create(new BatchSinkContext(engine, sinkOptions, input.queryId(), query.schema(),
        OutputMode.APPEND, Optional.empty()))) {
      if (!sink.supportedOutputModes().contains(OutputMode.APPEND)) {
        throw new AnalysisException("sink '" + format + "' does not support output mode append, which "
            + "write().save() uses; it supports " + sink.supportedOutputModes());
      }
      sink.addBatch(input.batchId(), new RowsBatch(query.schema(), query.rows(engine)));
    } catch (IOException e) {
      throw new UncheckedIOException("write().save() through sink '" + format + "' failed for batch "
          + input.batchId() + ": " + e.getMessage(), e);
    }
  }
}
