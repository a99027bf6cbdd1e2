package io.millrace.api;

import io.millrace.api.plan.PlanNode;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TimeMode;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.List;
import java.util.function.Supplier;

/** A stream grouped by key columns, for user code that keeps state per key ({@link Dataset#groupByKey}). */
public final class KeyValueGroupedDataset {
  private final MillraceSession session;
  private final PlanNode child;
  private final List<String> keyColumns;

  KeyValueGroupedDataset(MillraceSession session, PlanNode child, List<String> keyColumns) {
    this.session = session;
    this.child = child;
    this.keyColumns = List.copyOf(keyColumns);
  }

  /**
   * Runs a {@link StatefulProcessor} over each key's rows, as Spark 4.0's
   * {@code transformWithState}: the processor declares named state variables in {@code init},
   * handles each key's rows of a batch and the key's timers, and returns rows of
   * {@code outputSchema}. {@code processor} makes a new processor for each state partition's
   * batch (Spark deserializes one per task), so an instance is used by one thread at a time.
   *
   * @param timeMode what the processor's timers follow; under {@link TimeMode#EVENT_TIME} input
   *     rows at or before the previous batch's watermark are dropped as late
   * @param outputMode append or update (complete is refused at start)
   */
  public Dataset transformWithState(Supplier<? extends StatefulProcessor<Row, Row, Row>> processor, TimeMode timeMode,
      OutputMode outputMode, Schema outputSchema) {
    return new Dataset(session, new PlanNode.TransformWithState(child, keyColumns, processor, timeMode, outputMode,
        outputSchema));
  }
}
