package io.millrace.api.plan;

import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.Batch;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An unresolved query plan, as a {@code Dataset} describes it: operators over their inputs, by
 * name, with {@link ColumnNode} expressions; nothing is looked up until the engine resolves it
 * when the query starts (or is explained). Immutable.
 *
 * <p>For engines: the runtime translates this tree into its own logical plan. Each {@link Read}
 * object is one source of the query, compared by identity: a dataset used twice (a self-union)
 * reads one source twice, as in Spark.
 */
public sealed interface PlanNode {

  /** The inputs of this operator, left to right; none for a leaf. */
  List<PlanNode> children();

  /** A read through a source plugin: its name, its options, and the schema the user gave. */
  abstract sealed class Relation implements PlanNode permits Read, StaticRead {
    private final String format;
    private final Map<String, String> options;
    private final Optional<Schema> schema;

    Relation(String format, Map<String, String> options, Optional<Schema> schema) {
      this.format = Objects.requireNonNull(format, "format");
      this.options = Map.copyOf(options);
      this.schema = Objects.requireNonNull(schema, "schema");
    }

    /** The source plugin's name. */
    public String format() {
      return format;
    }

    /** The options as given; keys keep their case. */
    public Map<String, String> options() {
      return options;
    }

    /** The schema the user gave with {@code schema(..)}, if any. */
    public Optional<Schema> schema() {
      return schema;
    }

    @Override
    public List<PlanNode> children() {
      return List.of();
    }
  }

  /** A stream read from a source plugin: {@code readStream().format(..).options(..).load()}. */
  final class Read extends Relation {
    public Read(String format, Map<String, String> options, Optional<Schema> schema) {
      super(format, options, schema);
    }

    @Override
    public String toString() {
      return "Read " + format();
    }
  }

  /**
   * A static table read from a source plugin: {@code read().format(..).load(path)}, everything the
   * source holds when a query over it starts (and again every {@code refreshInterval}, when the
   * options give one; the engine takes that option, the plugin gets the others).
   */
  final class StaticRead extends Relation {
    public StaticRead(String format, Map<String, String> options, Optional<Schema> schema) {
      super(format, options, schema);
    }

    @Override
    public String toString() {
      return "StaticRead " + format();
    }
  }

  /**
   * The rows of one batch of a query, as {@code foreachBatch} hands them over: a bounded input,
   * evaluated at once. {@code batchId} and {@code queryId} are the batch's and its query's, so
   * that a write of these rows through a sink is idempotent on replay.
   */
  record BatchRelation(Batch batch, long batchId, String queryId) implements PlanNode {
    public BatchRelation {
      Objects.requireNonNull(batch, "batch");
      Objects.requireNonNull(queryId, "queryId");
    }

    @Override
    public List<PlanNode> children() {
      return List.of();
    }

    @Override
    public String toString() {
      return "BatchRelation " + batchId;
    }
  }

  /** The expressions of {@code columns}, in order, and only those. */
  record Select(PlanNode child, List<ColumnNode> columns) implements PlanNode {
    public Select {
      columns = List.copyOf(columns);
    }

    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /** The rows for which {@code condition} is TRUE. */
  record Filter(PlanNode child, ColumnNode condition) implements PlanNode {
    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /** Adds column {@code name}, or replaces the column of that name. */
  record WithColumn(PlanNode child, String name, ColumnNode value) implements PlanNode {
    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /** Renames column {@code existing}; a name that does not exist changes nothing. */
  record Rename(PlanNode child, String existing, String renamed) implements PlanNode {
    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /** Removes columns; names that do not exist are ignored. */
  record Drop(PlanNode child, List<String> columns) implements PlanNode {
    public Drop {
      columns = List.copyOf(columns);
    }

    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /** Declares {@code column} the event time, with rows up to {@code delayMillis} late. */
  record Watermark(PlanNode child, String column, long delayMillis) implements PlanNode {
    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /** {@code groupBy(grouping).agg(aggregates)}: one row per group, its keys then its aggregates. */
  record Aggregate(PlanNode child, List<ColumnNode> grouping, List<ColumnNode> aggregates) implements PlanNode {
    public Aggregate {
      grouping = List.copyOf(grouping);
      aggregates = List.copyOf(aggregates);
    }

    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /**
   * Drops rows whose {@code columns} (all when empty) equal an earlier row's; with
   * {@code withinWatermark}, only while a copy could still be on time.
   */
  record Deduplicate(PlanNode child, List<String> columns, boolean withinWatermark) implements PlanNode {
    public Deduplicate {
      columns = List.copyOf(columns);
    }

    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /**
   * The initial state of a transformWithState or [flat]MapGroupsWithState: a static dataset
   * ({@code read()}, with stateless steps over it), grouped by {@code keyColumns}, whose types
   * must be those of the input's grouping key. It is not a child: it is read, not streamed.
   */
  record InitialState(PlanNode plan, List<String> keyColumns) {
    public InitialState {
      Objects.requireNonNull(plan, "plan");
      keyColumns = List.copyOf(keyColumns);
    }
  }

  /**
   * {@code groupByKey(keyColumns).transformWithState(..)}: user code keeping state per key; a new
   * processor from {@code processor} for each partition's batch.
   */
  record TransformWithState(PlanNode child, List<String> keyColumns,
      java.util.function.Supplier<? extends io.millrace.api.state.StatefulProcessor<io.millrace.spi.data.Row,
          io.millrace.spi.data.Row, io.millrace.spi.data.Row>> processor,
      io.millrace.api.state.TimeMode timeMode, io.millrace.spi.sink.OutputMode outputMode, Schema outputSchema,
      InitialState initialState, String eventTimeColumn) implements PlanNode {
    /**
     * @param initialState null without one
     * @param eventTimeColumn the output column made the event time of what follows (Spark's
     *     {@code eventTimeColumnName}; the time mode is then event time), or null
     */
    public TransformWithState {
      keyColumns = List.copyOf(keyColumns);
      Objects.requireNonNull(processor, "processor");
      Objects.requireNonNull(timeMode, "timeMode");
      Objects.requireNonNull(outputMode, "outputMode");
      Objects.requireNonNull(outputSchema, "outputSchema");
      if (eventTimeColumn != null && timeMode != io.millrace.api.state.TimeMode.EVENT_TIME) {
        throw new IllegalArgumentException("an eventTimeColumnName ('" + eventTimeColumn + "') needs the event-time time"
            + " mode, not " + timeMode);
      }
    }

    /** Without an initial state. */
    public TransformWithState(PlanNode child, List<String> keyColumns,
        java.util.function.Supplier<? extends io.millrace.api.state.StatefulProcessor<io.millrace.spi.data.Row,
            io.millrace.spi.data.Row, io.millrace.spi.data.Row>> processor,
        io.millrace.api.state.TimeMode timeMode, io.millrace.spi.sink.OutputMode outputMode, Schema outputSchema) {
      this(child, keyColumns, processor, timeMode, outputMode, outputSchema, null, null);
    }

    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /**
   * {@code groupByKey(keyColumns).flatMapGroupsWithState(..)} or, with {@code mapGroups},
   * {@code mapGroupsWithState(..)} (whose function is wrapped to return its one row): user code
   * keeping one value per key, with a timeout. {@code function} and {@code stateCodec} share the
   * state's type, which the grouped dataset's methods ensure.
   */
  record FlatMapGroupsWithState(PlanNode child, List<String> keyColumns,
      io.millrace.api.state.FlatMapGroupsWithStateFunction<?> function, io.millrace.api.state.StateCodec<?> stateCodec,
      io.millrace.spi.sink.OutputMode outputMode, Schema outputSchema, io.millrace.api.state.GroupStateTimeout timeout,
      boolean mapGroups, InitialState initialState) implements PlanNode {
    public FlatMapGroupsWithState {
      keyColumns = List.copyOf(keyColumns);
      Objects.requireNonNull(function, "function");
      Objects.requireNonNull(stateCodec, "stateCodec");
      Objects.requireNonNull(outputMode, "outputMode");
      Objects.requireNonNull(outputSchema, "outputSchema");
      Objects.requireNonNull(timeout, "timeout");
    }

    /** Without an initial state. */
    public FlatMapGroupsWithState(PlanNode child, List<String> keyColumns,
        io.millrace.api.state.FlatMapGroupsWithStateFunction<?> function, io.millrace.api.state.StateCodec<?> stateCodec,
        io.millrace.spi.sink.OutputMode outputMode, Schema outputSchema, io.millrace.api.state.GroupStateTimeout timeout,
        boolean mapGroups) {
      this(child, keyColumns, function, stateCodec, outputMode, outputSchema, timeout, mapGroups, null);
    }

    @Override
    public List<PlanNode> children() {
      return List.of(child);
    }
  }

  /** The rows of every input ({@code UNION ALL}), by column position or, with {@code byName}, by name. */
  record Union(List<PlanNode> inputs, boolean byName) implements PlanNode {
    public Union {
      inputs = List.copyOf(inputs);
    }

    @Override
    public List<PlanNode> children() {
      return inputs;
    }
  }

  /**
   * {@code left} joined with {@code right}: on {@code condition}, or on the columns of
   * {@code using} (equal by name on both sides, kept once in the output), by {@code joinType}
   * as Spark spells it ({@code inner}, {@code leftOuter}, {@code left_outer}, ...).
   */
  record Join(PlanNode left, PlanNode right, ColumnNode condition, List<String> using, String joinType)
      implements PlanNode {
    public Join {
      using = List.copyOf(using);
      if ((condition == null) == using.isEmpty()) {
        throw new IllegalArgumentException("a join has either a condition or using columns");
      }
    }

    @Override
    public List<PlanNode> children() {
      return List.of(left, right);
    }
  }
}
