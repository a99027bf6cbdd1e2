package io.millrace.runtime.plan;

import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * A query as the user API builds it: a tree of operators over its sources, by name, unresolved.
 * The {@link Analyzer} resolves it bottom-up against the sources' schemas when the query starts.
 * Every node says what its children are and can be rebuilt over new ones, so a pass over the
 * tree is one generic traversal ({@link #foreachUp}, {@link #transformUp}), not a chain of
 * type tests.
 */
public sealed interface LogicalPlan {

  /** The operators this one reads, left to right; none for a source. */
  List<LogicalPlan> children();

  /** This operator over {@code children} (as many as {@link #children()} has). */
  LogicalPlan withChildren(List<LogicalPlan> children);

  /** The operator's name as plans print it. */
  default String nodeName() {
    return getClass().getSimpleName();
  }

  /** The operator's own arguments as plans print them (its children are printed apart). */
  String describe();

  /** Calls the method of {@code visitor} for this kind of operator. */
  <R> R accept(Visitor<R> visitor);

  /** One method per kind of operator, so a pass over plans names each kind once and casts nothing. */
  interface Visitor<R> {
    R source(SourceRelation source);

    R staticSource(StaticRelation source);

    R project(Project project);

    R filter(Filter filter);

    R withColumn(WithColumn withColumn);

    R aggregate(Aggregate aggregate);

    R deduplicate(Deduplicate deduplicate);

    R transformWithState(TransformWithState transform);

    R flatMapGroupsWithState(FlatMapGroupsWithState transform);

    R watermark(Watermark watermark);

    R rename(Rename rename);

    R drop(Drop drop);

    R union(Union union);

    R join(Join join);
  }

  /** Visits every node, children before their parent, left to right. */
  default void foreachUp(Consumer<LogicalPlan> visit) {
    for (LogicalPlan child : children()) {
      child.foreachUp(visit);
    }
    visit.accept(this);
  }

  /** The tree with {@code rule} applied to every node, children first; unchanged nodes are kept. */
  default LogicalPlan transformUp(UnaryOperator<LogicalPlan> rule) {
    List<LogicalPlan> before = children();
    List<LogicalPlan> after = new ArrayList<>(before.size());
    boolean changed = false;
    for (LogicalPlan child : before) {
      LogicalPlan t = child.transformUp(rule);
      changed |= t != child;
      after.add(t);
    }
    return rule.apply(changed ? withChildren(after) : this);
  }

  /** Every node of the given type, children before parents. */
  default <T extends LogicalPlan> List<T> collect(Class<T> type) {
    List<T> found = new ArrayList<>();
    foreachUp(node -> {
      if (type.isInstance(node)) {
        found.add(type.cast(node));
      }
    });
    return found;
  }

  /** The tree printed one node a line, children indented under their parent, as Spark prints plans. */
  default String treeString() {
    return PlanText.of(this, LogicalPlan::children, n -> n.nodeName() + " " + n.describe());
  }

  // ---- leaves ---------------------------------------------------------------------------

  /** A read through a source plugin: its name, options and the schema the user gave; a leaf. */
  abstract sealed class Relation implements LogicalPlan permits SourceRelation, StaticRelation {
    private final String format;
    private final Map<String, String> options;
    private final Optional<Schema> userSchema;

    Relation(String format, Map<String, String> options, Optional<Schema> userSchema) {
      this.format = format;
      this.options = Map.copyOf(options);
      this.userSchema = userSchema;
    }

    public String format() {
      return format;
    }

    public Map<String, String> options() {
      return options;
    }

    public Optional<Schema> userSchema() {
      return userSchema;
    }

    @Override
    public List<LogicalPlan> children() {
      return List.of();
    }

    @Override
    public LogicalPlan withChildren(List<LogicalPlan> children) {
      Nodes.requireArity(this, children, 0);
      return this;
    }

    @Override
    public String describe() {
      return format + userSchema.map(s -> " [" + s + "]").orElse("");
    }
  }

  /**
   * The stream a {@code readStream().load()} produced. Each relation object is one source of
   * the query: a dataset used twice (a self-union) reads one source twice, as in Spark.
   */
  final class SourceRelation extends Relation {
    public SourceRelation(String format, Map<String, String> options, Optional<Schema> userSchema) {
      super(format, options, userSchema);
    }

    @Override
    public String nodeName() {
      return "StreamingRelation";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.source(this);
    }
  }

  /**
   * A static table ({@code read().format(..).load(path)}): read when the query starts, not a
   * stream, so it has no offsets; the same object twice is one table. {@code options} are the
   * plugin's and the engine's ({@code refreshInterval}).
   */
  final class StaticRelation extends Relation {
    public StaticRelation(String format, Map<String, String> options, Optional<Schema> userSchema) {
      super(format, options, userSchema);
    }

    @Override
    public String nodeName() {
      return "Relation";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.staticSource(this);
    }

    @Override
    public String describe() {
      return super.describe() + " " + new java.util.TreeMap<>(options());
    }
  }

  // ---- one input ------------------------------------------------------------------------

  /** {@code select}: one output column per expression. */
  record Project(LogicalPlan child, List<Expression> columns) implements UnaryNode {
    public Project {
      columns = List.copyOf(columns);
    }

    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new Project(child, columns);
    }

    @Override
    public String describe() {
      return columns.toString();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.project(this);
    }
  }

  /** {@code filter} / {@code where}: keeps rows whose condition is true (not false, not null). */
  record Filter(LogicalPlan child, Expression condition) implements UnaryNode {
    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new Filter(child, condition);
    }

    @Override
    public String describe() {
      return condition.toString();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.filter(this);
    }
  }

  /** {@code withColumn}: replaces the column of that name, or appends it. */
  record WithColumn(LogicalPlan child, String name, Expression value) implements UnaryNode {
    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new WithColumn(child, name, value);
    }

    @Override
    public String describe() {
      return value + " AS " + name;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.withColumn(this);
    }
  }

  /** {@code groupBy(grouping).agg(aggregates)}: a streaming aggregation. */
  record Aggregate(LogicalPlan child, List<Expression> grouping, List<Expression> aggregates) implements UnaryNode {
    public Aggregate {
      grouping = List.copyOf(grouping);
      aggregates = List.copyOf(aggregates);
    }

    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new Aggregate(child, grouping, aggregates);
    }

    @Override
    public String describe() {
      return grouping + ", " + aggregates;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.aggregate(this);
    }
  }

  /** {@code dropDuplicates(columns)} or {@code dropDuplicatesWithinWatermark(columns)}; empty means all columns. */
  /**
   * The static dataset a transformWithState or [flat]MapGroupsWithState starts its state from,
   * grouped by {@code keyColumns}: not a child, since it is read once, not streamed (see the
   * API's PlanNode.InitialState).
   */
  record InitialState(LogicalPlan plan, List<String> keyColumns) {
    public InitialState {
      keyColumns = List.copyOf(keyColumns);
    }
  }

  /** {@code groupByKey(keyColumns).transformWithState(processor, timeMode, outputMode, outputSchema)}. */
  record TransformWithState(LogicalPlan child, List<String> keyColumns,
      java.util.function.Supplier<? extends io.millrace.api.state.StatefulProcessor<io.millrace.spi.data.Row,
          io.millrace.spi.data.Row, io.millrace.spi.data.Row>> processor,
      io.millrace.api.state.TimeMode timeMode, io.millrace.spi.sink.OutputMode outputMode,
      io.millrace.spi.data.Schema outputSchema, InitialState initialState, String eventTimeColumn)
      implements UnaryNode {
    public TransformWithState {
      keyColumns = List.copyOf(keyColumns);
    }

    /** Without an initial state or an event-time column. */
    public TransformWithState(LogicalPlan child, List<String> keyColumns,
        java.util.function.Supplier<? extends io.millrace.api.state.StatefulProcessor<io.millrace.spi.data.Row,
            io.millrace.spi.data.Row, io.millrace.spi.data.Row>> processor,
        io.millrace.api.state.TimeMode timeMode, io.millrace.spi.sink.OutputMode outputMode,
        io.millrace.spi.data.Schema outputSchema) {
      this(child, keyColumns, processor, timeMode, outputMode, outputSchema, null, null);
    }

    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new TransformWithState(child, keyColumns, processor, timeMode, outputMode, outputSchema, initialState,
          eventTimeColumn);
    }

    @Override
    public String nodeName() {
      return "TransformWithState";
    }

    @Override
    public String describe() {
      return "keys=" + keyColumns + " timeMode=" + timeMode + " outputMode=" + outputMode
          + (initialState == null ? "" : " initialState=keys" + initialState.keyColumns())
          + (eventTimeColumn == null ? "" : " eventTimeColumn=" + eventTimeColumn);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.transformWithState(this);
    }
  }

  /** {@code groupByKey(keyColumns).[flat]MapGroupsWithState(..)}; see the API's PlanNode.FlatMapGroupsWithState. */
  record FlatMapGroupsWithState(LogicalPlan child, List<String> keyColumns,
      io.millrace.api.state.FlatMapGroupsWithStateFunction<?> function, io.millrace.api.state.StateCodec<?> stateCodec,
      io.millrace.spi.sink.OutputMode outputMode, io.millrace.spi.data.Schema outputSchema,
      io.millrace.api.state.GroupStateTimeout timeout, boolean mapGroups, InitialState initialState)
      implements UnaryNode {
    public FlatMapGroupsWithState {
      keyColumns = List.copyOf(keyColumns);
    }

    /** Without an initial state. */
    public FlatMapGroupsWithState(LogicalPlan child, List<String> keyColumns,
        io.millrace.api.state.FlatMapGroupsWithStateFunction<?> function, io.millrace.api.state.StateCodec<?> stateCodec,
        io.millrace.spi.sink.OutputMode outputMode, io.millrace.spi.data.Schema outputSchema,
        io.millrace.api.state.GroupStateTimeout timeout, boolean mapGroups) {
      this(child, keyColumns, function, stateCodec, outputMode, outputSchema, timeout, mapGroups, null);
    }

    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new FlatMapGroupsWithState(child, keyColumns, function, stateCodec, outputMode, outputSchema, timeout,
          mapGroups, initialState);
    }

    @Override
    public String nodeName() {
      return mapGroups ? "MapGroupsWithState" : "FlatMapGroupsWithState";
    }

    @Override
    public String describe() {
      return "keys=" + keyColumns + " timeout=" + timeout + " outputMode=" + outputMode
          + (initialState == null ? "" : " initialState=keys" + initialState.keyColumns());
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.flatMapGroupsWithState(this);
    }
  }

  record Deduplicate(LogicalPlan child, List<String> columns, boolean withinWatermark) implements UnaryNode {
    public Deduplicate {
      columns = List.copyOf(columns);
    }

    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new Deduplicate(child, columns, withinWatermark);
    }

    @Override
    public String nodeName() {
      return withinWatermark ? "DeduplicateWithinWatermark" : "Deduplicate";
    }

    @Override
    public String describe() {
      return columns.isEmpty() ? "[all columns]" : columns.toString();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.deduplicate(this);
    }
  }

  /**
   * {@code withWatermark(column, delay)}: rows pass unchanged; their event times set the
   * watermark of the next batch (max event time minus the delay).
   */
  record Watermark(LogicalPlan child, String column, long delayMillis) implements UnaryNode {
    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new Watermark(child, column, delayMillis);
    }

    @Override
    public String nodeName() {
      return "EventTimeWatermark";
    }

    @Override
    public String describe() {
      return column + ", " + delayMillis + " ms";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.watermark(this);
    }
  }

  /** {@code withColumnRenamed}: a missing column changes nothing, as in Spark. */
  record Rename(LogicalPlan child, String existing, String renamed) implements UnaryNode {
    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new Rename(child, existing, renamed);
    }

    @Override
    public String describe() {
      return existing + " AS " + renamed;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.rename(this);
    }
  }

  /** {@code drop}: removes the named columns; names that do not exist are ignored, as in Spark. */
  record Drop(LogicalPlan child, List<String> names) implements UnaryNode {
    public Drop {
      names = List.copyOf(names);
    }

    @Override
    public LogicalPlan withChild(LogicalPlan child) {
      return new Drop(child, names);
    }

    @Override
    public String describe() {
      return names.toString();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.drop(this);
    }
  }

  // ---- several inputs -------------------------------------------------------------------

  /**
   * {@code union} (columns by position, as SQL's UNION ALL) or {@code unionByName} (by name) of
   * two or more streams; no duplicate is removed.
   */
  record Union(List<LogicalPlan> inputs, boolean byName) implements LogicalPlan {
    public Union {
      inputs = List.copyOf(inputs);
      if (inputs.size() < 2) {
        throw new IllegalArgumentException("a union needs two inputs or more, got " + inputs.size());
      }
    }

    @Override
    public List<LogicalPlan> children() {
      return inputs;
    }

    @Override
    public LogicalPlan withChildren(List<LogicalPlan> children) {
      return new Union(children, byName);
    }

    @Override
    public String describe() {
      return byName ? "byName" : "";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.union(this);
    }
  }

  /**
   * {@code left} joined with {@code right} on {@code condition} (null when joined on
   * {@code using} columns), of Spark's join type {@code joinType}, not yet checked.
   */
  record Join(LogicalPlan left, LogicalPlan right, io.millrace.runtime.expr.Expression condition, List<String> using,
      String joinType) implements LogicalPlan {
    public Join {
      using = List.copyOf(using);
    }

    @Override
    public List<LogicalPlan> children() {
      return List.of(left, right);
    }

    @Override
    public LogicalPlan withChildren(List<LogicalPlan> children) {
      Nodes.requireArity(this, children, 2);
      return new Join(children.get(0), children.get(1), condition, using, joinType);
    }

    @Override
    public String describe() {
      return joinType + ", " + (condition != null ? condition.toString() : "using " + using);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.join(this);
    }
  }

  /** An operator over one input. */
  sealed interface UnaryNode extends LogicalPlan permits Project, Filter, WithColumn, Aggregate, Deduplicate, TransformWithState,
      FlatMapGroupsWithState,
      Watermark, Rename, Drop {
    LogicalPlan child();

    LogicalPlan withChild(LogicalPlan child);

    @Override
    default List<LogicalPlan> children() {
      return List.of(child());
    }

    @Override
    default LogicalPlan withChildren(List<LogicalPlan> children) {
      Nodes.requireArity(this, children, 1);
      return withChild(children.get(0));
    }
  }
}
