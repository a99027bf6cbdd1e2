package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.plan.RowPipeline;
import io.millrace.runtime.state.PartitionInput;
import io.millrace.spi.data.Row;
import java.util.List;
import java.util.function.Consumer;

/** Rows a stateful operator produced in this batch, read by the operators after it. */
final class RowListTask implements RowTask {
  private final List<Row> rows;
  private final RowPipeline pipeline;

  RowListTask(List<Row> rows, RowPipeline pipeline) {
    this.rows = rows;
    this.pipeline = pipeline;
  }

  @Override
  public void run(PartitionInput out, EvalContext context) {
    if (pipeline == null) {
      for (Row row : rows) {
        out.add(row);
      }
      return;
    }
    if (pipeline.generates()) {
      Consumer<Row> generated = out::add;
      for (Row row : rows) {
        pipeline.forEachOutput(row, context, generated);
      }
      return;
    }
    for (Row row : rows) {
      Row r = pipeline.apply(row, context);
      if (r != null) {
        out.add(r);
      }
    }
  }

  @Override
  public List<Row> rowsAsTheyAre() {
    return pipeline == null ? rows : null;
  }

  @Override
  public RowTask then(RowPipeline next) {
    return new RowListTask(rows, pipeline == null ? next : pipeline.andThen(next));
  }
}
