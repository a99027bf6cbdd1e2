package io.millrace.runtime.plan;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.ColumnRef;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.expr.Star;
import io.millrace.runtime.plan.ResolvedPlan.EventTime;
import io.millrace.runtime.state.AggregationPlan;
import io.millrace.runtime.state.DeduplicationPlan;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Resolves a {@link LogicalPlan} bottom-up, against its sources' schemas, into a
 * {@link ResolvedPlan}: every column name is found, every type checked, before any batch runs,
 * and an error names the operator and the column. Each node's children are resolved before it,
 * so an operator is checked against the schema its input really has.
 */
public final class Analyzer implements LogicalPlan.Visitor<ResolvedPlan> {
  private final Function<LogicalPlan.SourceRelation, ResolvedPlan.Source> sources;
  private int watermarks;

  private Analyzer(Function<LogicalPlan.SourceRelation, ResolvedPlan.Source> sources) {
    this.sources = sources;
  }

  /** {@code plan} resolved; {@code sources} gives each source relation its index and schema. */
  public static ResolvedPlan resolve(LogicalPlan plan,
      Function<LogicalPlan.SourceRelation, ResolvedPlan.Source> sources) {
    return new Analyzer(sources).resolve(plan);
  }

  private ResolvedPlan resolve(LogicalPlan plan) {
    return plan.accept(this);
  }

  @Override
  public ResolvedPlan source(LogicalPlan.SourceRelation source) {
    return sources.apply(source);
  }

  @Override
  public ResolvedPlan project(LogicalPlan.Project project) {
    ResolvedPlan input = resolve(project.child());
    return project(input, "Project", project.columns().toString(), project.columns());
  }

  @Override
  public ResolvedPlan filter(LogicalPlan.Filter filter) {
    ResolvedPlan input = resolve(filter.child());
    BoundExpression condition = filter.condition().bind(input.schema());
    if (!condition.type().equals(DataType.BOOLEAN)) {
      throw new AnalysisException("filter condition '" + filter.condition() + "' is " + condition.type()
          + ", not BOOLEAN");
    }
    return filter(input, filter.condition(), condition);
  }

  /** Rows for which {@code condition} is TRUE; its watermark role is Spark's for such a filter. */
  static ResolvedPlan filter(ResolvedPlan input, Expression expression, BoundExpression condition) {
    boolean readsEventTime = input.eventTime().isPresent()
        && reads(expression, input.schema(), input.eventTime().get().column());
    return new ResolvedPlan.Stateless(input, "Filter", expression.toString(),
        (row, context) -> Boolean.TRUE.equals(condition.eval(row, context)) ? row : null, input.schema(),
        input.eventTime(), readsEventTime ? ResolvedPlan.WatermarkRole.FILTER_AFTER_WATERMARK
            : ResolvedPlan.WatermarkRole.FILTER_BEFORE_WATERMARK);
  }

  /**
   * Whether {@code e}, which binds to {@code schema}, reads its column {@code name}: it does if
   * it no longer binds once that column has another name.
   */
  private static boolean reads(Expression e, Schema schema, String name) {
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.fields()) {
      fields.add(f.name().equals(name) ? f.withName("#hidden " + name) : f);
    }
    try {
      e.bind(Schema.of(fields));
      return false;
    } catch (AnalysisException notFound) {
      return true;
    }
  }

  @Override
  public ResolvedPlan withColumn(LogicalPlan.WithColumn with) {
    ResolvedPlan input = resolve(with.child());
    Schema schema = input.schema();
    List<Expression> columns = new ArrayList<>();
    boolean replaced = false;
    for (int i = 0; i < schema.size(); i++) {
      Field f = schema.field(i);
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
    return project(input, "WithColumn", with.describe(), columns);
  }

  @Override
  public ResolvedPlan rename(LogicalPlan.Rename rename) {
    ResolvedPlan input = resolve(rename.child());
    Schema schema = input.schema();
    if (schema.indexOf(rename.existing()) < 0) {
      return input;
    }
    List<Expression> columns = new ArrayList<>();
    for (int i = 0; i < schema.size(); i++) {
      Field f = schema.field(i);
      columns.add(new ColumnAt(f.name().equals(rename.existing()) ? f.withName(rename.renamed()) : f, i));
    }
    return project(input, "Rename", rename.describe(), columns);
  }

  @Override
  public ResolvedPlan drop(LogicalPlan.Drop drop) {
    ResolvedPlan input = resolve(drop.child());
    List<Expression> kept = new ArrayList<>();
    Schema schema = input.schema();
    for (int i = 0; i < schema.size(); i++) {
      if (!drop.names().contains(schema.field(i).name())) {
        kept.add(new ColumnAt(schema.field(i), i));
      }
    }
    return project(input, "Drop", drop.describe(), kept);
  }

  @Override
  public ResolvedPlan watermark(LogicalPlan.Watermark w) {
    ResolvedPlan input = resolve(w.child());
    int index = input.schema().indexOf(w.column());
    if (index < 0) {
      throw new AnalysisException("withWatermark: cannot resolve column '" + w.column() + "'; available columns: "
          + input.schema().names());
    }
    if (input.schema().field(index).type() != DataType.TIMESTAMP) {
      throw new AnalysisException("withWatermark needs a TIMESTAMP column, but '" + w.column() + "' is "
          + input.schema().field(index).type());
    }
    return new ResolvedPlan.Watermark(input, watermarks++, w.column(), index, w.delayMillis());
  }

  @Override
  public ResolvedPlan aggregate(LogicalPlan.Aggregate agg) {
    ResolvedPlan input = resolve(agg.child());
    return new ResolvedPlan.Aggregate(input, AggregationPlan.bind(agg.grouping(), agg.aggregates(), input.schema(),
        input.eventTime().map(EventTime::column)));
  }

  @Override
  public ResolvedPlan deduplicate(LogicalPlan.Deduplicate d) {
    ResolvedPlan input = resolve(d.child());
    return new ResolvedPlan.Deduplicate(input, DeduplicationPlan.bind(d.columns(), d.withinWatermark(),
        input.schema(), input.eventTime().map(EventTime::column),
        input.eventTime().map(EventTime::delayMillis).orElse(0L)));
  }

  @Override
  public ResolvedPlan union(LogicalPlan.Union union) {
    List<ResolvedPlan> inputs = new ArrayList<>();
    for (LogicalPlan child : union.inputs()) {
      inputs.add(resolve(child));
    }
    return Unions.resolve(inputs, union.byName());
  }

  /** {@code columns} over {@code input}, and where the event time goes: a plain reference keeps it. */
  private ResolvedPlan project(ResolvedPlan select, String name, String arguments, List<Expression> chosen) {
    ResolvedPlan input = select;
    List<Expression> selected = Star.expandAll(chosen, select.schema());
    List<Expression> columns = selected;
    if (Generators.any(selected)) {
      Generators.Expanded expanded = Generators.expand(select, selected);
      input = expanded.input();
      columns = expanded.columns();
    }
    List<RowPipeline.Stage> stage = new ArrayList<>(1);
    Schema output = project(input.schema(), columns, stage);
    Optional<EventTime> eventTime = Optional.empty();
    if (input.eventTime().isPresent()) {
      EventTime in = input.eventTime().get();
      for (int i = 0; i < columns.size() && eventTime.isEmpty(); i++) {
        if (references(columns.get(i), in.column(), input.schema())) {
          eventTime = Optional.of(in.renamed(output.field(i).name()));
        }
      }
    }
    return new ResolvedPlan.Stateless(input, name, arguments, stage.get(0), output, eventTime,
        ResolvedPlan.WatermarkRole.PROJECTION);
  }

  /** Whether {@code e} is the column {@code name} itself, perhaps under another name. */
  private static boolean references(Expression e, String name, Schema input) {
    Expression inner = e instanceof Alias ? ((Alias) e).child() : e instanceof Renamed ? ((Renamed) e).value : e;
    if (inner instanceof ColumnRef) {
      return ((ColumnRef) inner).name().equals(name);
    }
    return inner instanceof ColumnAt && ((ColumnAt) inner).index == input.indexOf(name);
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
}
