package io.millrace.runtime.plan;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * The stateless operators of a query fused into one function over rows. Immutable and shared
 * by all task threads.
 */
public final class RowPipeline {
  /** One operator: a row in, a row or null (filtered out) out. */
  public interface Stage {
    Row apply(Row row, EvalContext context);
  }

  private final Stage[] stages;
  private final Schema inputSchema;
  private final Schema outputSchema;

  /** {@code stages} applied in order, from rows of {@code inputSchema} to rows of {@code outputSchema}. */
  public static RowPipeline of(List<Stage> stages, Schema inputSchema, Schema outputSchema) {
    return new RowPipeline(stages, inputSchema, outputSchema);
  }

  RowPipeline(List<Stage> stages, Schema inputSchema, Schema outputSchema) {
    this.stages = stages.toArray(new Stage[0]);
    this.inputSchema = inputSchema;
    this.outputSchema = outputSchema;
  }

  public Schema inputSchema() {
    return inputSchema;
  }

  public Schema outputSchema() {
    return outputSchema;
  }

  /** Whether there are no operators: every row comes out as it went in. */
  public boolean isEmpty() {
    return stages.length == 0;
  }

  /** This pipeline, then {@code next} over its output. */
  public RowPipeline andThen(RowPipeline next) {
    List<Stage> all = new java.util.ArrayList<>(List.of(stages));
    all.addAll(List.of(next.stages));
    return new RowPipeline(all, inputSchema, next.outputSchema);
  }

  /** The row the operators make of {@code row}, or null if a filter drops it. */
  public Row apply(Row row, EvalContext context) {
    Row current = row;
    for (Stage stage : stages) {
      current = stage.apply(current, context);
      if (current == null) {
        return null;
      }
    }
    return current;
  }
}
