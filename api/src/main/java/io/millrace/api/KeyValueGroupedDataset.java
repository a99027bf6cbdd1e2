package io.millrace.api;

import io.millrace.api.plan.PlanNode;
import io.millrace.api.state.FlatMapGroupsWithStateFunction;
import io.millrace.api.state.GroupStateTimeout;
import io.millrace.api.state.MapGroupsWithStateFunction;
import io.millrace.api.state.StateCodec;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.StatefulProcessorWithInitialState;
import io.millrace.api.state.TimeMode;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/** A stream grouped by key columns, for user code that keeps state per key ({@link Dataset#groupByKey}). */
public final class KeyValueGroupedDataset {
  private final MillraceSession session;
  private final PlanNode child;
  private final List<String> keyColumns;

  KeyValueGroupedDataset(MillraceSession session, PlanNode child, List<String> keyColumns) {
    this.session = session;
    this.child = child;
    this.keyColumns = List.copyOf(keyColumns);
  }

  /**
   * Runs a {@link StatefulProcessor} over each key's rows, as Spark 4.0's
   * {@code transformWithState}: the processor declares named state variables in {@code init},
   * handles each key's rows of a batch and the key's timers, and returns rows of
   * {@code outputSchema}. {@code processor} makes a new processor for each state partition's
   * batch (Spark deserializes one per task), so an instance is used by one thread at a time.
   *
   * @param timeMode what the processor's timers follow; under {@link TimeMode#EVENT_TIME} input
   *     rows at or before the previous batch's watermark are dropped as late
   * @param outputMode append or update (complete is refused at start)
   */
  public Dataset transformWithState(Supplier<? extends StatefulProcessor<Row, Row, Row>> processor, TimeMode timeMode,
      OutputMode outputMode, Schema outputSchema) {
    return new Dataset(session, new PlanNode.TransformWithState(child, keyColumns, processor, timeMode, outputMode,
        outputSchema));
  }

  /**
   * As {@link #transformWithState(Supplier, TimeMode, OutputMode, Schema)} under
   * {@link TimeMode#EVENT_TIME}, with {@code eventTimeColumnName}, a TIMESTAMP column of
   * {@code outputSchema}, made the event time of the rows it emits (Spark 4.0's overload): an
   * operator after it (a window aggregation or a deduplication on that column, a join) takes it
   * as its watermarked event time, with the delay of the {@code withWatermark} before this one.
   * The rows must not be late themselves: one at or before the watermark that decides this
   * batch's late input rows fails the query, naming the row, as in Spark. The input needs a
   * {@code withWatermark}.
   */
  public Dataset transformWithState(Supplier<? extends StatefulProcessor<Row, Row, Row>> processor,
      String eventTimeColumnName, OutputMode outputMode, Schema outputSchema) {
    return new Dataset(session, new PlanNode.TransformWithState(child, keyColumns, processor, TimeMode.EVENT_TIME,
        outputMode, outputSchema, null, java.util.Objects.requireNonNull(eventTimeColumnName, "eventTimeColumnName")));
  }

  /**
   * As {@link #transformWithState(Supplier, TimeMode, OutputMode, Schema)}, with the state
   * starting from {@code initialState} (Spark 4.0's overload with a
   * {@code StatefulProcessorWithInitialState}): a static dataset ({@code session.read()}, with
   * stateless steps over it) grouped by key columns of the same types as this one's. In the first
   * batch of a new checkpoint only (not on a restart), before that batch's input, each processor
   * gets {@link StatefulProcessorWithInitialState#handleInitialState} once for each of its keys'
   * initial rows (the whole row, key columns included; several rows per key are allowed), keys in
   * the order of their encoding; it may set state and register timers there. A key with initial
   * state and no input in that batch gets no {@code handleInputRows}. A streaming
   * {@code initialState} is refused at start.
   */
  public Dataset transformWithState(
      Supplier<? extends StatefulProcessorWithInitialState<Row, Row, Row, Row>> processor, TimeMode timeMode,
      OutputMode outputMode, Schema outputSchema, KeyValueGroupedDataset initialState) {
    return new Dataset(session, new PlanNode.TransformWithState(child, keyColumns, processor, timeMode, outputMode,
        outputSchema, initialStateOf(initialState), null));
  }

  /**
   * As {@link #transformWithState(Supplier, TimeMode, OutputMode, Schema, KeyValueGroupedDataset)}
   * under {@link TimeMode#EVENT_TIME}, with {@code eventTimeColumnName} made the event time of
   * what it emits, as {@link #transformWithState(Supplier, String, OutputMode, Schema)} does.
   */
  public Dataset transformWithState(
      Supplier<? extends StatefulProcessorWithInitialState<Row, Row, Row, Row>> processor, String eventTimeColumnName,
      OutputMode outputMode, Schema outputSchema, KeyValueGroupedDataset initialState) {
    return new Dataset(session, new PlanNode.TransformWithState(child, keyColumns, processor, TimeMode.EVENT_TIME,
        outputMode, outputSchema, initialStateOf(initialState),
        java.util.Objects.requireNonNull(eventTimeColumnName, "eventTimeColumnName")));
  }

  private PlanNode.InitialState initialStateOf(KeyValueGroupedDataset initialState) {
    java.util.Objects.requireNonNull(initialState, "initialState");
    return new PlanNode.InitialState(initialState.child, initialState.keyColumns);
  }

  /**
   * Runs {@code function} over each key's rows with one value of state per key, kept through
   * {@code stateCodec}, as Spark 4.0's {@code flatMapGroupsWithState}: once per key with rows in
   * a batch (keys in order), then once per key whose timeout has passed, with no rows and
   * {@link io.millrace.api.state.GroupState#hasTimedOut()}. Runs on the transformWithState
   * operator's state (both stores, restarts), and reports as {@code flatMapGroupsWithState}.
   *
   * @param outputMode append or update; it must be the query's output mode (as Spark checks at
   *     start)
   * @param timeout what the keys' timeouts follow; {@link GroupStateTimeout#EVENT_TIME_TIMEOUT}
   *     needs {@code withWatermark} upstream, and only under it are late rows dropped
   */
  public <S> Dataset flatMapGroupsWithState(FlatMapGroupsWithStateFunction<S> function, OutputMode outputMode,
      StateCodec<S> stateCodec, Schema outputSchema, GroupStateTimeout timeout) {
    if (outputMode != OutputMode.APPEND && outputMode != OutputMode.UPDATE) {
      throw new IllegalArgumentException("The output mode of function should be append or update");
    }
    return new Dataset(session, new PlanNode.FlatMapGroupsWithState(child, keyColumns, function, stateCodec,
        outputMode, outputSchema, timeout, false));
  }

  /**
   * As {@link #flatMapGroupsWithState(FlatMapGroupsWithStateFunction, OutputMode, StateCodec, Schema,
   * GroupStateTimeout)}, with each key's state starting from {@code initialState}: a static
   * dataset ({@code session.read()}, with stateless steps over it) grouped by key columns of the
   * same types as this one's, whose other columns, in order, are the fields of
   * {@code stateCodec}'s schema (same types; names may differ): a row's state is
   * {@code stateCodec.decode} of them. In the first batch of a new checkpoint only, before its
   * input, each key's state is set (no timeout); a key in it twice fails that batch with Spark's
   * error; the function runs for every key of the initial state, with no rows if the batch has
   * none for it (as Spark's default). A streaming {@code initialState} is refused at start.
   */
  public <S> Dataset flatMapGroupsWithState(FlatMapGroupsWithStateFunction<S> function, OutputMode outputMode,
      StateCodec<S> stateCodec, Schema outputSchema, GroupStateTimeout timeout, KeyValueGroupedDataset initialState) {
    if (outputMode != OutputMode.APPEND && outputMode != OutputMode.UPDATE) {
      throw new IllegalArgumentException("The output mode of function should be append or update");
    }
    return new Dataset(session, new PlanNode.FlatMapGroupsWithState(child, keyColumns, function, stateCodec,
        outputMode, outputSchema, timeout, false, initialStateOf(initialState)));
  }

  /**
   * As {@link #flatMapGroupsWithState}, with exactly one output row per call (timeouts too), as
   * Spark 4.0's {@code mapGroupsWithState}: the query must run in update output mode.
   */
  public <S> Dataset mapGroupsWithState(MapGroupsWithStateFunction<S> function, StateCodec<S> stateCodec,
      Schema outputSchema, GroupStateTimeout timeout) {
    return mapGroupsWithState(function, stateCodec, outputSchema, timeout, null, false);
  }

  /**
   * As {@link #mapGroupsWithState(MapGroupsWithStateFunction, StateCodec, Schema, GroupStateTimeout)},
   * with each key's state starting from {@code initialState}, as the
   * {@link #flatMapGroupsWithState(FlatMapGroupsWithStateFunction, OutputMode, StateCodec, Schema,
   * GroupStateTimeout, KeyValueGroupedDataset) flatMapGroupsWithState} overload describes.
   */
  public <S> Dataset mapGroupsWithState(MapGroupsWithStateFunction<S> function, StateCodec<S> stateCodec,
      Schema outputSchema, GroupStateTimeout timeout, KeyValueGroupedDataset initialState) {
    return mapGroupsWithState(function, stateCodec, outputSchema, timeout, initialState, true);
  }

  private <S> Dataset mapGroupsWithState(MapGroupsWithStateFunction<S> function, StateCodec<S> stateCodec,
      Schema outputSchema, GroupStateTimeout timeout, KeyValueGroupedDataset initialState, boolean hasInitial) {
    java.util.Objects.requireNonNull(function, "function");
    PlanNode.InitialState initial = hasInitial ? initialStateOf(initialState) : null;
    FlatMapGroupsWithStateFunction<S> one = (key, values, state) -> {
      Row row = function.call(key, values, state);
      return java.util.Collections.singletonList(row).iterator(); // a null row is refused as not of the schema
    };
    return new Dataset(session, new PlanNode.FlatMapGroupsWithState(child, keyColumns, one, stateCodec,
        OutputMode.UPDATE, outputSchema, timeout, true, initial));
  }
}
