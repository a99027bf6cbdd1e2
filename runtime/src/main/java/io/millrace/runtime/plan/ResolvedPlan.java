package io.millrace.runtime.plan;

import io.millrace.runtime.state.AggregationPlan;
import io.millrace.runtime.state.DeduplicationPlan;
import io.millrace.runtime.state.JoinPlan;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Optional;

/**
 * A query after the {@link Analyzer}: every operator knows its output schema, every expression
 * is bound, and each node says which of its output columns carries the event time of a
 * {@code withWatermark} below it (Spark keeps that as metadata on the column). The
 * {@link Planner} turns it into physical operators.
 */
public sealed interface ResolvedPlan {

  List<ResolvedPlan> children();

  Schema schema();

  /** The output column that holds the watermarked event time, if one does. */
  Optional<EventTime> eventTime();

  /**
   * Every output column that holds a watermarked event time, {@link #eventTime()} first. Only a
   * join's rows have more than one (Spark keeps the event-time metadata of both sides' columns);
   * the others are carried on by name through the stateless operators after it.
   */
  default List<EventTime> eventTimes() {
    return eventTime().map(List::of).orElse(List.of());
  }

  /** A column that carries event time, and the delay of the {@code withWatermark} it comes from. */
  record EventTime(String column, long delayMillis) {
    public EventTime renamed(String name) {
      return new EventTime(name, delayMillis);
    }
  }

  String describe();

  <R> R accept(Visitor<R> visitor);

  /** One method per kind of node, so a pass over resolved plans casts nothing. */
  interface Visitor<R> {
    R source(Source source);

    R staticSource(StaticSource source);

    R stateless(Stateless stateless);

    R watermark(Watermark watermark);

    R aggregate(Aggregate aggregate);

    R deduplicate(Deduplicate deduplicate);

    R transformWithState(TransformWithState transform);

    R union(Union union);

    R join(Join join);
  }

  /** Whether this node keeps state from batch to batch, and so gets an operator id. */
  default boolean stateful() {
    return false;
  }

  /** Whether a {@code withWatermark} is in this node's subtree, so event-time watermarks reach it. */
  default boolean watermarked() {
    for (ResolvedPlan child : children()) {
      if (child.watermarked()) {
        return true;
      }
    }
    return false;
  }

  default String treeString() {
    return PlanText.of(this, ResolvedPlan::children, n -> n.getClass().getSimpleName() + " " + n.describe()
        + " -> " + n.schema());
  }

  /** Source {@code index} of the query (its place in {@code offsets/N}). */
  record Source(int index, String format, Schema schema) implements ResolvedPlan {
    @Override
    public List<ResolvedPlan> children() {
      return List.of();
    }

    @Override
    public Optional<EventTime> eventTime() {
      return Optional.empty();
    }

    @Override
    public String describe() {
      return format + "[" + index + "]";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.source(this);
    }
  }

  /** A static table: read whole when the query starts; only the static side of a join with a stream. */
  record StaticSource(StaticTable table) implements ResolvedPlan {
    @Override
    public List<ResolvedPlan> children() {
      return List.of();
    }

    @Override
    public Schema schema() {
      return table.schema();
    }

    @Override
    public Optional<EventTime> eventTime() {
      return Optional.empty();
    }

    @Override
    public String describe() {
      return table.description();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.staticSource(this);
    }
  }

  /**
   * What a stateless operator above a {@code withWatermark} is to the watermark's observation of
   * event times, as Spark's optimizer places them. Spark pushes a deterministic filter that does
   * not read the event-time column below the watermark, so the rows it drops never advance the
   * watermark (and under explode and inline it infers one such filter: the collection is neither
   * null nor empty). Other filters stay above: the rows they drop are observed.
   */
  enum WatermarkRole {
    /** A filter Spark runs before the watermark sees a row. */
    FILTER_BEFORE_WATERMARK,
    /** A filter Spark runs after the watermark saw the row: one that reads the event-time column. */
    FILTER_AFTER_WATERMARK,
    /** A row in, a row out: the watermark may be observed after it, on the event time's new position. */
    PROJECTION,
    /** Anything else (a generator): the watermark is observed before it. */
    BARRIER
  }

  /** A stateless operator over one input: a row in, a row or none out, or any number for a generator. */
  record Stateless(ResolvedPlan child, String name, String arguments, RowPipeline.Step step, Schema schema,
      Optional<EventTime> eventTime, WatermarkRole watermarkRole, List<EventTime> moreEventTimes)
      implements UnaryNode {

    public Stateless(ResolvedPlan child, String name, String arguments, RowPipeline.Step step, Schema schema,
        Optional<EventTime> eventTime, WatermarkRole watermarkRole) {
      this(child, name, arguments, step, schema, eventTime, watermarkRole, List.of());
    }

    public Stateless(ResolvedPlan child, String name, String arguments, RowPipeline.Stage stage, Schema schema,
        Optional<EventTime> eventTime, WatermarkRole watermarkRole) {
      this(child, name, arguments, RowPipeline.Step.of(stage), schema, eventTime, watermarkRole, List.of());
    }

    @Override
    public String describe() {
      return name + " " + arguments;
    }

    /**
     * The event time as the analyzer placed it, the other columns a projection made of an event
     * time (a copy, or a window of it: Spark's carry its watermark too), then the input's other
     * event times whose columns still exist.
     */
    @Override
    public List<EventTime> eventTimes() {
      List<EventTime> all = new java.util.ArrayList<>(eventTime().map(List::of).orElse(List.of()));
      all.addAll(moreEventTimes);
      List<EventTime> in = child.eventTimes();
      for (EventTime e : in.subList(child.eventTime().isPresent() ? 1 : 0, in.size())) {
        int at = schema.indexOf(e.column());
        if (at >= 0 && all.stream().noneMatch(a -> a.column().equals(e.column()))) {
          all.add(e);
        }
      }
      return all;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.stateless(this);
    }
  }

  /**
   * {@code withWatermark}: observes each row's event time into the collector numbered
   * {@code id}; rows pass unchanged.
   */
  record Watermark(ResolvedPlan child, int id, String column, int columnIndex, long delayMillis)
      implements UnaryNode {
    @Override
    public boolean watermarked() {
      return true;
    }

    @Override
    public Schema schema() {
      return child.schema();
    }

    @Override
    public Optional<EventTime> eventTime() {
      return Optional.of(new EventTime(column, delayMillis));
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

  /** A streaming aggregation. */
  record Aggregate(ResolvedPlan child, AggregationPlan plan) implements UnaryNode {
    @Override
    public boolean stateful() {
      return true;
    }

    @Override
    public Schema schema() {
      return plan.outputSchema();
    }

    @Override
    public Optional<EventTime> eventTime() {
      return plan.eventTimeOutput().map(name -> new EventTime(name, child.eventTimes().stream()
          .filter(e -> plan.eventTimeInput().orElseThrow().equals(e.column())).findFirst().orElseThrow()
          .delayMillis()));
    }

    @Override
    public String describe() {
      return plan.keySchema().names() + ", " + plan.outputSchema().names();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.aggregate(this);
    }
  }

  /** A streaming deduplication: rows pass unchanged, or not at all. */
  record Deduplicate(ResolvedPlan child, DeduplicationPlan plan) implements UnaryNode {
    @Override
    public boolean stateful() {
      return true;
    }

    @Override
    public Schema schema() {
      return child.schema();
    }

    @Override
    public Optional<EventTime> eventTime() {
      return child.eventTime();
    }

    @Override
    public String describe() {
      return plan.operatorName() + " " + plan.keySchema().names();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.deduplicate(this);
    }
  }

  /**
   * User code keeping state per key. Its output carries no event time, unless it was given an
   * {@code eventTimeColumnName}: that column, with the delay of the watermark its input carries
   * (Spark's {@code UpdateEventTimeWatermarkColumn} takes the first one upstream).
   */
  record TransformWithState(ResolvedPlan child, io.millrace.runtime.state.TransformWithStatePlan plan)
      implements UnaryNode {
    @Override
    public boolean stateful() {
      return true;
    }

    @Override
    public Schema schema() {
      return plan.outputSchema();
    }

    @Override
    public Optional<EventTime> eventTime() {
      return plan.eventTimeOutput().map(c -> new EventTime(c, child.eventTime().orElseThrow().delayMillis()));
    }

    @Override
    public String describe() {
      return plan.operatorName() + " " + plan.keySchema().names()
          + plan.eventTimeOutput().map(c -> " eventTime=" + c).orElse("");
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.transformWithState(this);
    }
  }

  /** Rows of every input, each already in the first input's column order. */
  record Union(List<ResolvedPlan> children, Schema schema, Optional<EventTime> eventTime) implements ResolvedPlan {
    @Override
    public String describe() {
      return "";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.union(this);
    }
  }

  /**
   * A stream-stream join. Its rows carry the event times of both sides; the left side's is
   * {@link #eventTime()} where the left side has a watermark, else the right side's.
   */
  record Join(ResolvedPlan left, ResolvedPlan right, JoinPlan plan) implements ResolvedPlan {
    @Override
    public List<ResolvedPlan> children() {
      return List.of(left, right);
    }

    @Override
    public boolean stateful() {
      return true;
    }

    @Override
    public Schema schema() {
      return plan.outputSchema();
    }

    @Override
    public Optional<EventTime> eventTime() {
      return left.eventTime().isPresent() || plan.type() == io.millrace.runtime.state.JoinType.LEFT_SEMI
          ? left.eventTime() : right.eventTime();
    }

    /** Both sides' event times, the left's first (Spark's output keeps the metadata of each); a semi join's left only. */
    @Override
    public List<EventTime> eventTimes() {
      List<EventTime> all = new java.util.ArrayList<>(left.eventTimes());
      if (plan.type() != io.millrace.runtime.state.JoinType.LEFT_SEMI) {
        all.addAll(right.eventTimes());
      }
      return all;
    }

    @Override
    public String describe() {
      return plan.toString();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.join(this);
    }
  }

  /** A node over one input. */
  sealed interface UnaryNode extends ResolvedPlan permits Stateless, Watermark, Aggregate, Deduplicate,
      TransformWithState {
    ResolvedPlan child();

    @Override
    default List<ResolvedPlan> children() {
      return List.of(child());
    }
  }
}
