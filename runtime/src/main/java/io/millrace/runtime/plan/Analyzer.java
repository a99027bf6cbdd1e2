package io.millrace.runtime.plan;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves a {@link LogicalPlan} against its source's schema into a {@link RowPipeline}:
 * every column name is found, every type checked, before any batch runs.
 */
public final class Analyzer {
  private Analyzer() {}

  /** The pipeline of {@code plan} over rows of {@code sourceSchema}. */
  public static RowPipeline analyze(LogicalPlan plan, Schema sourceSchema) {
    List<RowPipeline.Stage> stages = new ArrayList<>();
    Schema output = resolve(plan, sourceSchema, stages);
    return new RowPipeline(stages, sourceSchema, output);
  }

  private static Schema resolve(LogicalPlan plan, Schema sourceSchema, List<RowPipeline.Stage> stages) {
    if (plan instanceof LogicalPlan.SourceRelation) {
      return sourceSchema;
    }
    if (plan instanceof LogicalPlan.Project) {
      LogicalPlan.Project project = (LogicalPlan.Project) plan;
      Schema input = resolve(project.child(), sourceSchema, stages);
      return project(input, project.columns(), stages);
    }
    if (plan instanceof LogicalPlan.Filter) {
      LogicalPlan.Filter filter = (LogicalPlan.Filter) plan;
      Schema input = resolve(filter.child(), sourceSchema, stages);
      BoundExpression condition = filter.condition().bind(input);
      if (!condition.type().equals(DataType.BOOLEAN)) {
        throw new AnalysisException("filter condition '" + filter.condition() + "' is " + condition.type()
            + ", not BOOLEAN");
      }
      stages.add((row, context) -> Boolean.TRUE.equals(condition.eval(row, context)) ? row : null);
      return input;
    }
    if (plan instanceof LogicalPlan.WithColumn) {
      LogicalPlan.WithColumn with = (LogicalPlan.WithColumn) plan;
      Schema input = resolve(with.child(), sourceSchema, stages);
      return withColumn(input, with, stages);
    }
    if (plan instanceof LogicalPlan.Rename) {
      LogicalPlan.Rename rename = (LogicalPlan.Rename) plan;
      Schema input = resolve(rename.child(), sourceSchema, stages);
      if (input.indexOf(rename.existing()) < 0) {
        return input;
      }
      List<Expression> columns = new ArrayList<>();
      for (int i = 0; i < input.size(); i++) {
        Field f = input.field(i);
        columns.add(new ColumnAt(f.name().equals(rename.existing()) ? f.withName(rename.renamed()) : f, i));
      }
      return project(input, columns, stages);
    }
    if (plan instanceof LogicalPlan.Watermark) {
      LogicalPlan.Watermark w = (LogicalPlan.Watermark) plan;
      Schema input = resolve(w.child(), sourceSchema, stages);
      int index = input.indexOf(w.column());
      if (index < 0) {
        throw new AnalysisException("withWatermark: cannot resolve column '" + w.column() + "'; available columns: "
            + input.names());
      }
      if (input.field(index).type() != io.millrace.spi.data.DataType.TIMESTAMP) {
        throw new AnalysisException("withWatermark needs a TIMESTAMP column, but '" + w.column() + "' is "
            + input.field(index).type());
      }
      stages.add((row, context) -> {
        Object t = row.get(index);
        io.millrace.runtime.expr.EventTimeStats stats = context.eventTimeStats();
        if (t != null && stats != null) {
          stats.observe((Long) t);
        }
        return row;
      });
      return input;
    }
    if (plan instanceof LogicalPlan.Aggregate || plan instanceof LogicalPlan.Deduplicate) {
      throw new AnalysisException("a stateful operator must be planned by QueryPlan");
    }
    LogicalPlan.Drop drop = (LogicalPlan.Drop) plan;
    Schema input = resolve(drop.child(), sourceSchema, stages);
    List<Expression> kept = new ArrayList<>();
    for (Field f : input) {
      if (!drop.names().contains(f.name())) {
        kept.add(new ColumnAt(f, input.indexOf(f.name())));
      }
    }
    return project(input, kept, stages);
  }

  private static Schema withColumn(Schema input, LogicalPlan.WithColumn with, List<RowPipeline.Stage> stages) {
    List<Expression> columns = new ArrayList<>();
    boolean replaced = false;
    for (int i = 0; i < input.size(); i++) {
      Field f = input.field(i);
      if (f.name().equals(with.name())) {
        columns.add(new Renamed(with.value(), with.name()));
        replaced = true;
      } else {
        columns.add(new ColumnAt(f, i));
      }
    }
    if (!replaced) {
      columns.add(new Renamed(with.value(), with.name()));
    }
    return project(input, columns, stages);
  }

  private static Schema project(Schema input, List<Expression> columns, List<RowPipeline.Stage> stages) {
    if (columns.isEmpty()) {
      throw new AnalysisException("select needs at least one column");
    }
    BoundExpression[] bound = new BoundExpression[columns.size()];
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < bound.length; i++) {
      bound[i] = columns.get(i).bind(input);
      fields.add(new Field(columns.get(i).defaultName(), bound[i].type(), bound[i].nullable()));
    }
    Schema output;
    try {
      output = Schema.of(fields);
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("select produces two columns of one name: " + e.getMessage()
          + "; rename one with .as(\"name\")", e);
    }
    stages.add((row, context) -> {
      Object[] values = new Object[bound.length];
      for (int i = 0; i < bound.length; i++) {
        values[i] = bound[i].eval(row, context);
      }
      return Row.wrap(values);
    });
    return output;
  }

  /** An input column by position, for operators that keep columns as they are. */
  private static final class ColumnAt extends Expression {
    private final Field field;
    private final int index;

    ColumnAt(Field field, int index) {
      this.field = field;
      this.index = index;
    }

    @Override
    public BoundExpression bind(Schema input) {
      return new BoundExpression() {
        @Override
        public DataType type() {
          return field.type();
        }

        @Override
        public boolean nullable() {
          return field.nullable();
        }

        @Override
        public Object eval(Row row, io.millrace.runtime.expr.EvalContext context) {
          return row.get(index);
        }
      };
    }

    @Override
    public String defaultName() {
      return field.name();
    }

    @Override
    public String toString() {
      return field.name();
    }
  }

  /** An expression given a column name by {@code withColumn}. */
  private static final class Renamed extends Expression {
    private final Expression value;
    private final String name;

    Renamed(Expression value, String name) {
      this.value = value;
      this.name = name;
    }

    @Override
    public BoundExpression bind(Schema input) {
      return value.bind(input);
    }

    @Override
    public String defaultName() {
      return name;
    }

    @Override
    public String toString() {
      return value + " AS " + name;
    }
  }
}
