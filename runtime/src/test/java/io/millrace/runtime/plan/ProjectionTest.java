package io.millrace.runtime.plan;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Column;
import io.millrace.runtime.expr.ApiExpressions;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A projection that continues the one before it ({@code withColumn}'s shape) runs as part of it,
 * in one array; the rows must be those the two projections make one after the other, including
 * a column replaced by a value made of itself and later columns reading earlier made ones.
 */
class ProjectionTest {
  private static final Schema INPUT = Schema.parse("a BIGINT, b BIGINT, s STRING");
  private static final EvalContext CONTEXT = EvalContext.ofBatchTimestamp(0);
  private static final List<Row> ROWS = List.of(Row.of(1L, 10L, "x"), Row.of(-4L, null, "y"), Row.of(null, 3L, null));

  @Test
  void withColumnAfterSelectRunsAsOneStageGivingTheSameRows() {
    Step select = step(INPUT, col("b"), col("a"));
    Step add = step(select.out, keep(select.out), col("a").plus(col("b")).as("c"));
    Step replace = step(add.out, col("b").multiply(lit(2L)).as("b"), col("a"), col("c"));
    Step readsBoth = step(replace.out, keep(replace.out), col("b").plus(col("c")).as("d"), lit(7L).as("e"));

    RowPipeline.Stage fused = select.stage.then(add.stage);
    assertThat(fused).isNotNull();
    fused = ((Projection) fused).then(replace.stage);
    assertThat(fused).isNotNull();
    fused = ((Projection) fused).then(readsBoth.stage);
    assertThat(fused).isNotNull();

    for (Row row : ROWS) {
      Row oneByOne = readsBoth.stage.apply(replace.stage.apply(add.stage.apply(select.stage.apply(row, CONTEXT),
          CONTEXT), CONTEXT), CONTEXT);
      assertThat(fused.apply(row, CONTEXT)).isEqualTo(oneByOne);
    }
    // b doubled from the b selected, c = a + b before the doubling, d = doubled b + c.
    assertThat(fused.apply(ROWS.get(0), CONTEXT)).isEqualTo(Row.of(20L, 1L, 11L, 31L, 7L));
  }

  @Test
  void aPipelineRunsTheStagesFused() {
    Step select = step(INPUT, col("a"), col("s"));
    Step add = step(select.out, keep(select.out), col("a").plus(lit(1L)).as("n"));
    RowPipeline pipeline = RowPipeline.of(List.of(select.stage, add.stage), INPUT, add.out);
    assertThat(pipeline.stageCount()).isEqualTo(1);

    assertThat(pipeline.apply(ROWS.get(0), CONTEXT)).isEqualTo(Row.of(1L, "x", 2L));
    assertThat(pipeline.apply(ROWS.get(2), CONTEXT)).isEqualTo(Row.of(null, null, null));
  }

  @Test
  void withColumnsKeptColumnsByPositionContinueTheProjectionAcrossPipelines() {
    Step select = step(INPUT, col("s"), col("a"));
    // withColumn keeps the columns before it by position (ColumnAt), as the analyzer writes it.
    BoundExpression[] withColumn = new BoundExpression[3];
    for (int i = 0; i < 2; i++) {
      withColumn[i] = new ColumnAt(select.out.field(i), i).bind(select.out);
    }
    withColumn[2] = ApiExpressions.of(col("a").multiply(lit(3L)).node()).bind(select.out);
    Projection add = new Projection(withColumn);
    Schema out = Schema.parse("s STRING, a BIGINT, t BIGINT");
    assertThat(select.stage.then(add)).isNotNull();

    RowPipeline first = RowPipeline.of(List.of(select.stage), INPUT, select.out);
    RowPipeline both = first.andThen(RowPipeline.of(List.of(add), select.out, out));
    assertThat(both.stageCount()).as("fused across the two pipelines").isEqualTo(1);
    assertThat(both.apply(ROWS.get(0), CONTEXT)).isEqualTo(Row.of("x", 1L, 3L));
    assertThat(both.apply(ROWS.get(1), CONTEXT)).isEqualTo(Row.of("y", -4L, -12L));
  }

  @Test
  void projectionsThatMoveOrDropColumnsOrMakeTwoFromTheRowAsItWasStayApart() {
    Step select = step(INPUT, col("a"), col("b"));
    assertThat(select.stage.then(step(select.out, col("b"), col("a")).stage)).isNull(); // swapped
    assertThat(select.stage.then(step(select.out, col("a")).stage)).isNull(); // dropped
    assertThat(select.stage.then(step(select.out, col("b").as("a"), col("b"), lit(1L).as("c")).stage)).isNull();
    RowPipeline.Stage filter = (row, context) -> row;
    assertThat(select.stage.then(filter)).isNull();
  }

  private record Step(Projection stage, Schema out) {}

  private static Column[] keep(Schema schema) {
    return schema.fields().stream().map(f -> col(f.name())).toArray(Column[]::new);
  }

  private static Step step(Schema in, Column[] kept, Column... more) {
    List<Column> all = new ArrayList<>(List.of(kept));
    all.addAll(List.of(more));
    return step(in, all.toArray(Column[]::new));
  }

  private static Step step(Schema in, Column... columns) {
    BoundExpression[] bound = new BoundExpression[columns.length];
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < columns.length; i++) {
      Expression e = ApiExpressions.of(columns[i].node());
      bound[i] = e.bind(in);
      fields.add(new Field(e.defaultName(in), bound[i].type(), bound[i].nullable()));
    }
    return new Step(new Projection(bound), Schema.of(fields));
  }
}
