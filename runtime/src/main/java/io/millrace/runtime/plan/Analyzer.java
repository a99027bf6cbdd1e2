package io.millrace.runtime.plan;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.Coalesce;
import io.millrace.runtime.expr.ColumnRef;
import io.millrace.runtime.expr.Comparison;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.expr.Logical;
import io.millrace.runtime.expr.NullCheck;
import io.millrace.runtime.expr.Star;
import io.millrace.runtime.expr.TimeWindow;
import io.millrace.runtime.plan.ResolvedPlan.EventTime;
import io.millrace.runtime.state.AggregationPlan;
import io.millrace.runtime.state.DeduplicationPlan;
import io.millrace.runtime.state.JoinPlan;
import io.millrace.runtime.state.JoinType;
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
  private final Function<LogicalPlan.StaticRelation, StaticTable> statics;
  private int watermarks;

  private Analyzer(Function<LogicalPlan.SourceRelation, ResolvedPlan.Source> sources,
      Function<LogicalPlan.StaticRelation, StaticTable> statics) {
    this.sources = sources;
    this.statics = statics;
  }

  /** {@code plan} resolved; {@code sources} gives each source relation its index and schema. */
  public static ResolvedPlan resolve(LogicalPlan plan,
      Function<LogicalPlan.SourceRelation, ResolvedPlan.Source> sources) {
    return resolve(plan, sources, r -> {
      throw new AnalysisException("a static dataset (read()) is not evaluated here: join it with a stream");
    });
  }

  /** As {@link #resolve(LogicalPlan, Function)}; {@code statics} gives each static relation its table. */
  public static ResolvedPlan resolve(LogicalPlan plan,
      Function<LogicalPlan.SourceRelation, ResolvedPlan.Source> sources,
      Function<LogicalPlan.StaticRelation, StaticTable> statics) {
    return new Analyzer(sources, statics).resolve(plan);
  }

  private ResolvedPlan resolve(LogicalPlan plan) {
    return plan.accept(this);
  }

  @Override
  public ResolvedPlan source(LogicalPlan.SourceRelation source) {
    return sources.apply(source);
  }

  @Override
  public ResolvedPlan staticSource(LogicalPlan.StaticRelation source) {
    return new ResolvedPlan.StaticSource(statics.apply(source));
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
    if (input.watermarked()) {
      // Spark 4.0 fails such a query once its watermark moves ("Redefining watermark is disallowed"):
      // with several stateful operators each one's watermark derives from the one below it.
      throw new AnalysisException("withWatermark('" + w.column() + "', ..): redefining the watermark is not allowed:"
          + " a withWatermark below it already defines this stream's watermark" + (input.eventTimes().isEmpty() ? ""
              : " (its rows carry the watermarked event time " + input.eventTimes().stream().map(EventTime::column)
                  .toList() + ")") + ", as in Spark 4.0; set the watermark once, on the source's event time");
    }
    return new ResolvedPlan.Watermark(input, watermarks++, w.column(), index, w.delayMillis());
  }

  @Override
  public ResolvedPlan aggregate(LogicalPlan.Aggregate agg) {
    ResolvedPlan input = resolve(agg.child());
    AggregationPlan plan = AggregationPlan.bind(agg.grouping(), agg.aggregates(), input.schema(),
        input.eventTime().map(EventTime::column));
    // After a join either side's event time is watermarked, as in Spark: a grouping on the other one counts.
    for (EventTime other : input.eventTimes()) {
      if (!plan.evictsByWatermark()) {
        plan = AggregationPlan.bind(agg.grouping(), agg.aggregates(), input.schema(), Optional.of(other.column()));
      }
    }
    if (!plan.evictsByWatermark()) {
      plan = AggregationPlan.bind(agg.grouping(), agg.aggregates(), input.schema(),
          input.eventTime().map(EventTime::column));
    }
    return new ResolvedPlan.Aggregate(input, plan);
  }

  @Override
  public ResolvedPlan deduplicate(LogicalPlan.Deduplicate d) {
    ResolvedPlan input = resolve(d.child());
    oneEventTime(input, d.withinWatermark() ? "dropDuplicatesWithinWatermark" : "dropDuplicates");
    return new ResolvedPlan.Deduplicate(input, DeduplicationPlan.bind(d.columns(), d.withinWatermark(),
        input.schema(), input.eventTime().map(EventTime::column),
        input.eventTime().map(EventTime::delayMillis).orElse(0L)));
  }

  @Override
  public ResolvedPlan transformWithState(LogicalPlan.TransformWithState t) {
    ResolvedPlan input = resolve(t.child());
    if (t.timeMode() == io.millrace.api.state.TimeMode.EVENT_TIME) {
      oneEventTime(input, "transformWithState");
    }
    var plan = io.millrace.runtime.state.TransformWithStatePlan.bind(
        t.keyColumns(), t.processor(), t.timeMode(), t.outputMode(), t.outputSchema(), input.schema(),
        input.eventTime().map(EventTime::column));
    if (t.initialState() != null) {
      plan = plan.withInitialState(initialState(t.initialState(), "transformWithState"), t.initialState().keyColumns());
    }
    if (t.eventTimeColumn() != null) {
      if (input.eventTime().isEmpty()) {
        throw new AnalysisException("transformWithState cannot make '" + t.eventTimeColumn() + "' the event time of its"
            + " output without a watermark on its input: its delay is the input's (Spark's"
            + " CANNOT_ASSIGN_EVENT_TIME_COLUMN_WITHOUT_WATERMARK); add withWatermark(..) before groupByKey");
      }
      plan = plan.withEventTimeOutput(t.eventTimeColumn());
    }
    return new ResolvedPlan.TransformWithState(input, plan);
  }

  /**
   * The rows of an initial state: a static table and the stateless steps over it, read in batch
   * 0. A stream is refused with Spark's text for [flat]MapGroupsWithState (whose wording says
   * "Non-streaming" where it means a streaming one); Spark 4.0.1 does not check it for
   * transformWithState, which is refused here alike.
   */
  private io.millrace.runtime.state.InitialStateSource initialState(LogicalPlan.InitialState initial, String api) {
    boolean[] streaming = {false};
    initial.plan().foreachUp(n -> streaming[0] |= n instanceof LogicalPlan.SourceRelation);
    if (streaming[0]) {
      String where = api.equals("transformWithState") ? api : "[flatMap|map]GroupsWithState";
      throw new AnalysisException("Non-streaming DataFrame/Dataset is not supported as the initial state in " + where
          + " operation on a streaming DataFrame/Dataset (" + api + "'s initial state reads a stream, readStream();"
          + " it must be a static dataset, read())");
    }
    ResolvedPlan resolved = resolve(initial.plan());
    StaticSide side = StaticSide.of(resolved, api + "'s initial state");
    return new io.millrace.runtime.state.InitialStateSource() {
      @Override
      public Schema schema() {
        return side.rows().outputSchema();
      }

      @Override
      public String description() {
        return side.table().description();
      }

      @Override
      public List<Row> rows(io.millrace.runtime.expr.EvalContext context) {
        List<Row> rows = new ArrayList<>();
        for (Row r : side.table().current().rows()) {
          side.rows().forEachOutput(r, context, out -> rows.add(Row.wrap(out.toArray())));
        }
        return rows;
      }
    };
  }

  /**
   * A {@code [flat]MapGroupsWithState}: bound as a transformWithState whose processor runs the
   * function (see GroupsWithStateProcessor), so it shares that operator's state and batches.
   */
  @Override
  public ResolvedPlan flatMapGroupsWithState(LogicalPlan.FlatMapGroupsWithState f) {
    ResolvedPlan input = resolve(f.child());
    String api = f.mapGroups() ? "mapGroupsWithState" : "flatMapGroupsWithState";
    oneEventTime(input, api);
    if (f.timeout() == io.millrace.api.state.GroupStateTimeout.EVENT_TIME_TIMEOUT && input.eventTime().isEmpty()) {
      throw new AnalysisException("Watermark must be specified in the query using '[Dataset/DataFrame].withWatermark()'"
          + " for using event-time timeout in a [map|flatMap]GroupsWithState. Event-time timeout not supported without"
          + " watermark. (" + api + " over columns " + input.schema().names() + ")");
    }
    return new ResolvedPlan.TransformWithState(input, io.millrace.runtime.state.TransformWithStatePlan.bindGroupsWithState(
        f.keyColumns(), f.function(), f.stateCodec(), f.timeout(), f.outputMode(), f.mapGroups(), f.outputSchema(),
        input.schema(), input.eventTime().map(EventTime::column),
        f.initialState() == null ? null : initialState(f.initialState(), api),
        f.initialState() == null ? List.of() : f.initialState().keyColumns()));
  }

  @Override
  public ResolvedPlan union(LogicalPlan.Union union) {
    List<ResolvedPlan> inputs = new ArrayList<>();
    for (LogicalPlan child : union.inputs()) {
      inputs.add(resolve(child));
    }
    return Unions.resolve(inputs, union.byName());
  }

  @Override
  public ResolvedPlan join(LogicalPlan.Join join) {
    ResolvedPlan left = resolve(join.left());
    ResolvedPlan right = resolve(join.right());
    oneEventTime(left, "join (left side)");
    oneEventTime(right, "join (right side)");
    JoinType type = JoinType.parse(join.joinType());
    if (join.condition() != null) {
      return join(left, right, join.condition(), type);
    }
    return using(left, right, join.using(), type);
  }

  /** A join of two streams, or of a stream with a static table ({@link StaticSide}). */
  private static ResolvedPlan join(ResolvedPlan left, ResolvedPlan right, Expression condition, JoinType type) {
    boolean leftStatic = StaticSide.isStatic(left);
    boolean rightStatic = StaticSide.isStatic(right);
    if (leftStatic && rightStatic) {
      throw new AnalysisException("join: both sides are static datasets (read()); Millrace runs streams, so at least"
          + " one side must read a stream (readStream())");
    }
    if (leftStatic || rightStatic) {
      StaticSide table = StaticSide.of(leftStatic ? left : right);
      ResolvedPlan stream = rightStatic ? left : right;
      StaticJoin bound = StaticJoin.bind(type, condition, left.schema(), right.schema(), rightStatic, table.table(),
          table.rows());
      return new ResolvedPlan.Stateless(stream, "StaticJoin", bound + " with " + table.table().description(),
          RowPipeline.Step.of(bound), bound.outputSchema(), stream.eventTime(),
          ResolvedPlan.WatermarkRole.BARRIER);
    }
    return join(left, right, JoinPlan.bind(type, condition, left.schema(), right.schema(),
        left.eventTime().map(EventTime::column), right.eventTime().map(EventTime::column)));
  }

  /**
   * Refuses an operator whose input rows carry two watermarked event times (a join's rows carry
   * both sides'): Spark 4.0 (multiple stateful operators allowed, its default) fails such a
   * deduplication or join at its first batch, unable to tell which time its watermark applies
   * to; here it is refused at start, with Spark's reason.
   */
  private static void oneEventTime(ResolvedPlan input, String operator) {
    List<EventTime> times = input.eventTimes();
    if (times.size() > 1) {
      throw new AnalysisException(operator + ": more than one event time columns are available (" + times.stream()
          .map(EventTime::column).toList() + "). Please ensure there is at most one event time column per stream"
          + " (as Spark); after a join, select or drop all but one of the joined rows' event-time columns first");
    }
  }

  /**
   * The join node over its inputs, each first filtered of rows with a null key where such rows
   * can never be emitted, as Spark infers {@code isnotnull(key)} from the equality and pushes it
   * below the watermark: they reach neither the join nor the watermark's maximum.
   */
  private static ResolvedPlan join(ResolvedPlan left, ResolvedPlan right, JoinPlan plan) {
    return new ResolvedPlan.Join(notNullKeys(left, plan, 0), notNullKeys(right, plan, 1), plan);
  }

  private static ResolvedPlan notNullKeys(ResolvedPlan input, JoinPlan plan, int side) {
    if (plan.keepsNullKeys(side)) {
      return input;
    }
    // One filter per key column, as Spark splits its inferred conjuncts: those on columns other
    // than the event time (or a window of it) run before the watermark sees the row.
    ResolvedPlan filtered = input;
    for (String key : plan.keyColumns(side)) {
      Expression condition = new NullCheck(new ColumnRef(key), true);
      filtered = filter(filtered, condition, condition.bind(filtered.schema()));
    }
    return filtered;
  }

  /** {@code a AND b}, or {@code b} alone when there is no {@code a} yet. */
  private static Expression and(Expression a, Expression b) {
    return a == null ? b : new Logical(Logical.Op.AND, a, b);
  }

  /**
   * A join on columns both sides have, as Spark's {@code join(right, usingColumns, type)}: the
   * right side's columns of those names are renamed apart, the join runs on their equalities,
   * and the output has each using column once, first (the left's value; the right's for a right
   * outer join; the first not null for a full outer join), then the left's other columns, then
   * the right's.
   */
  private ResolvedPlan using(ResolvedPlan left, ResolvedPlan right, List<String> using, JoinType type) {
    Schema ls = left.schema();
    Schema rs = right.schema();
    List<Expression> renamedRight = new ArrayList<>();
    Expression condition = null;
    for (String c : using) {
      if (ls.indexOf(c) < 0 || rs.indexOf(c) < 0) {
        throw new AnalysisException("join: using column '" + c + "' must be a column of both sides; left columns: "
            + ls.names() + ", right columns: " + rs.names());
      }
    }
    for (int i = 0; i < rs.size(); i++) {
      Field f = rs.field(i);
      renamedRight.add(new ColumnAt(using.contains(f.name()) ? f.withName(hidden(f.name())) : f, i));
    }
    for (String c : using) {
      condition = and(condition, new Comparison(Comparison.Op.EQ, new ColumnRef(c), new ColumnRef(hidden(c))));
    }
    ResolvedPlan r = project(right, "Rename", "join using " + using, renamedRight);
    ResolvedPlan joined = join(left, r, condition, type);
    Schema js = joined.schema();
    List<Expression> columns = new ArrayList<>();
    for (String c : using) {
      int li = js.indexOf(c);
      int ri = js.indexOf(hidden(c));
      Field lf = js.field(li);
      switch (type) {
        case RIGHT_OUTER:
          columns.add(new ColumnAt(js.field(ri).withName(c), ri));
          break;
        case FULL_OUTER:
          columns.add(new Renamed(new Coalesce(List.of(new ColumnAt(lf, li),
              new ColumnAt(js.field(ri), ri))), c));
          break;
        default:
          columns.add(new ColumnAt(lf, li));
      }
    }
    for (int i = 0; i < js.size(); i++) {
      String name = js.field(i).name();
      if (!using.contains(name) && !name.startsWith(HIDDEN)) {
        columns.add(new ColumnAt(js.field(i), i));
      }
    }
    return project(joined, "Project", "join using " + using, columns);
  }

  private static final String HIDDEN = "#using ";

  private static String hidden(String column) {
    return HIDDEN + column;
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
    // The input's event time where it is kept, or a window of it (which carries its watermark, as
    // in Spark); after a join, the other side's if only that one is. Every other column made of
    // an event time carries it too: an operator that needs one event time refuses such rows.
    List<EventTime> eventTimes = new ArrayList<>();
    for (EventTime in : input.eventTimes()) {
      for (int i = 0; i < columns.size(); i++) {
        if (references(columns.get(i), in.column(), input.schema())
            || windowOf(columns.get(i), in.column(), input.schema())) {
          eventTimes.add(in.renamed(output.field(i).name()));
        }
      }
    }
    Optional<EventTime> eventTime = eventTimes.stream().findFirst();
    return new ResolvedPlan.Stateless(input, name, arguments, RowPipeline.Step.of(stage.get(0)), output, eventTime,
        ResolvedPlan.WatermarkRole.PROJECTION, eventTimes.isEmpty() ? List.of() : eventTimes.subList(1,
            eventTimes.size()));
  }

  /** Whether {@code e} is a tumbling {@code window} of the timestamp column {@code name}, perhaps renamed. */
  private static boolean windowOf(Expression e, String name, Schema input) {
    Expression inner = e instanceof Alias ? ((Alias) e).child() : e instanceof Renamed ? ((Renamed) e).value : e;
    return inner instanceof TimeWindow && ((TimeWindow) inner).isTumbling()
        && input.field(input.indexOf(name)).type() == DataType.TIMESTAMP
        && references(((TimeWindow) inner).time(), name, input);
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
      fields.add(new Field(columns.get(i).defaultName(input), bound[i].type(), bound[i].nullable()));
    }
    Schema output;
    try {
      output = Schema.of(fields);
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("select produces two columns of one name: " + e.getMessage()
          + "; rename one with .as(\"name\")", e);
    }
    stages.add(new Projection(bound));
    return output;
  }
}
