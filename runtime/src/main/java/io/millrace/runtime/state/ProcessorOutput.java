package io.millrace.runtime.state;

import io.millrace.spi.data.Row;
import java.util.Iterator;
import java.util.List;

/**
 * Takes the rows a processor's handler returns, checking each: a row of the output schema, and,
 * when the output has an event-time column ({@code eventTimeColumnName}), not late for the
 * operators after it. A row at or before the watermark that makes this batch's input rows late
 * fails the batch, as Spark's {@code UpdateEventTimeColumnExec} fails the query
 * ({@code EMITTING_ROWS_OLDER_THAN_WATERMARK_NOT_ALLOWED}): a window after it would drop the row
 * silently, or count it in a window it has already emitted as final.
 */
final class ProcessorOutput {
  private final TransformWithStatePlan plan;
  private final int width;
  private final int eventTime;
  private final long lateMicros;

  ProcessorOutput(TransformWithStatePlan plan, long lateMicros) {
    this.plan = plan;
    this.width = plan.outputSchema().size();
    this.eventTime = plan.eventTimeOutputIndex();
    this.lateMicros = lateMicros;
  }

  void emit(Iterator<Row> rows, List<Row> out) {
    if (rows == null) {
      return;
    }
    while (rows.hasNext()) {
      Row r = rows.next();
      if (r == null || r.size() != width) {
        throw new IllegalStateException(plan.processorName() + " returned " + r + ", not a row of the output schema "
            + plan.outputSchema());
      }
      if (eventTime >= 0 && !r.isNullAt(eventTime) && r.getLong(eventTime) <= lateMicros) {
        throw new IllegalStateException(plan.processorName() + " emitted " + r + " whose event time "
            + plan.outputSchema().field(eventTime).name() + " (" + java.time.Instant.EPOCH.plus(
                r.getLong(eventTime), java.time.temporal.ChronoUnit.MICROS) + ") is at or before the watermark "
            + java.time.Instant.ofEpochMilli(
                    Math.floorDiv(lateMicros, 1000L)) + " that makes this batch's input rows late: the operators after"
            + " it would take it as a late row (Spark's EMITTING_ROWS_OLDER_THAN_WATERMARK_NOT_ALLOWED); emit rows"
            + " after the watermark, for instance at a time the handler takes from its input or timers");
      }
      out.add(r);
    }
  }
}
