package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TimeMode;
import io.millrace.runtime.state.keyed.KeyedStateSpec;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A {@code groupByKey(..).transformWithState(..)}, bound: the grouping key's columns, the user's
 * processor (a new instance per partition and batch), its time and output modes, the rows it
 * emits, and the state it declared: {@link #bind} runs the processor's {@code init} once with a
 * handle that records each variable, as Spark runs it on the driver, so the state's stores and
 * schemas are known before the first batch.
 */
public final class TransformWithStatePlan {
  public static final String OPERATOR_NAME = "transformWithStateExec";
  /** Spark's name for the operator of {@code [flat]MapGroupsWithState}, which runs on this one's state. */
  public static final String GROUPS_WITH_STATE_OPERATOR_NAME = "flatMapGroupsWithState";

  /**
   * What a {@code [flat]MapGroupsWithState} asked for, kept for the query's start checks.
   *
   * @param outputMode the operator's own output mode (update for mapGroupsWithState)
   * @param mapGroups whether it is a {@code mapGroupsWithState}
   */
  public record GroupsWithState(io.millrace.api.state.GroupStateTimeout timeout, OutputMode outputMode,
      boolean mapGroups) {
    /** The API's name, for messages. */
    public String apiName() {
      return mapGroups ? "mapGroupsWithState" : "flatMapGroupsWithState";
    }
  }

  /**
   * A bound initial state: its rows and the positions of its grouping key's columns, whose types
   * are the input key's, so a row's encoded key and state partition are those of the input's
   * rows of the same key.
   */
  public record InitialState(InitialStateSource source, int[] keyColumns) {}

  private final int[] keyColumns;
  private final Schema keySchema;
  /** Null without one. */
  private final InitialState initialState;
  private final Supplier<? extends StatefulProcessor<Row, Row, Row>> processor;
  private final TimeMode timeMode;
  private final OutputMode outputMode;
  private final Schema outputSchema;
  private final KeyedStateSpec spec;
  private final TimeColumn eventTime;
  /** Set for a {@code [flat]MapGroupsWithState}; null for a transformWithState. */
  private final GroupsWithState groupsWithState;
  /** The output column holding the event time of what it emits ({@code eventTimeColumnName}); -1 without one. */
  private final int eventTimeOutput;

  private TransformWithStatePlan(int[] keyColumns, Schema keySchema,
      Supplier<? extends StatefulProcessor<Row, Row, Row>> processor, TimeMode timeMode, OutputMode outputMode,
      Schema outputSchema, KeyedStateSpec spec, TimeColumn eventTime, GroupsWithState groupsWithState,
      InitialState initialState, int eventTimeOutput) {
    this.groupsWithState = groupsWithState;
    this.eventTimeOutput = eventTimeOutput;
    this.initialState = initialState;
    this.keyColumns = keyColumns;
    this.keySchema = keySchema;
    this.processor = processor;
    this.timeMode = timeMode;
    this.outputMode = outputMode;
    this.outputSchema = outputSchema;
    this.spec = spec;
    this.eventTime = eventTime;
  }

  /**
   * @param eventTimeColumn the input's watermarked event time, if it has one: under event time,
   *     rows at or before the previous batch's watermark are dropped as late
   * @throws AnalysisException for an unknown key column, an output mode other than append or
   *     update, or a processor whose {@code init} fails or declares a variable twice
   */
  public static TransformWithStatePlan bind(List<String> keyColumns, Supplier<? extends StatefulProcessor<Row, Row,
      Row>> processor, TimeMode timeMode, OutputMode outputMode, Schema outputSchema, Schema input,
      Optional<String> eventTimeColumn) {
    return bind(keyColumns, processor, timeMode, outputMode, outputSchema, input, eventTimeColumn, null);
  }

  /**
   * A {@code [flat]MapGroupsWithState}, bound as a transformWithState whose processor runs
   * {@code function} ({@link GroupsWithStateProcessor}): the timeout kind gives the time mode,
   * so only an event-time timeout drops late rows, as in Spark.
   *
   * @param eventTimeColumn the input's watermarked event time; without one, the function's
   *     {@code getCurrentWatermarkMs} fails as Spark's
   */
  public static TransformWithStatePlan bindGroupsWithState(List<String> keyColumns,
      io.millrace.api.state.FlatMapGroupsWithStateFunction<?> fn, io.millrace.api.state.StateCodec<?> codec,
      io.millrace.api.state.GroupStateTimeout timeout, OutputMode outputMode, boolean mapGroups, Schema outputSchema,
      Schema input, Optional<String> eventTimeColumn) {
    return bindGroupsWithState(keyColumns, fn, codec, timeout, outputMode, mapGroups, outputSchema, input,
        eventTimeColumn, null, List.of());
  }

  /**
   * As {@link #bindGroupsWithState(List, io.millrace.api.state.FlatMapGroupsWithStateFunction,
   * io.millrace.api.state.StateCodec, io.millrace.api.state.GroupStateTimeout, OutputMode, boolean, Schema, Schema,
   * Optional)}, with each key's state starting from {@code initial} (null for none) grouped by
   * {@code initialKeys}: its other columns, in order, are the codec's fields.
   */
  @SuppressWarnings("unchecked") // the grouped dataset's methods give function and codec the same state type
  public static TransformWithStatePlan bindGroupsWithState(List<String> keyColumns,
      io.millrace.api.state.FlatMapGroupsWithStateFunction<?> fn, io.millrace.api.state.StateCodec<?> codec,
      io.millrace.api.state.GroupStateTimeout timeout, OutputMode outputMode, boolean mapGroups, Schema outputSchema,
      Schema input, Optional<String> eventTimeColumn, InitialStateSource initial, List<String> initialKeys) {
    var function = (io.millrace.api.state.FlatMapGroupsWithStateFunction<Object>) fn;
    var stateCodec = (io.millrace.api.state.StateCodec<Object>) codec;
    GroupsWithState groups = new GroupsWithState(timeout, outputMode, mapGroups);
    TimeMode timeMode = switch (timeout) {
      case NO_TIMEOUT -> TimeMode.NONE;
      case PROCESSING_TIME_TIMEOUT -> TimeMode.PROCESSING_TIME;
      case EVENT_TIME_TIMEOUT -> TimeMode.EVENT_TIME;
    };
    boolean watermarkPresent = eventTimeColumn.isPresent();
    int[] stateColumns = initial == null ? null
        : initialStateColumns(groups.apiName(), initial, initialKeys, stateCodec);
    TransformWithStatePlan plan = bind(keyColumns,
        () -> new GroupsWithStateProcessor<>(function, stateCodec, groups, watermarkPresent, stateColumns),
        timeMode, outputMode, outputSchema, input, eventTimeColumn, groups);
    return initial == null ? plan : plan.withInitialState(initial, initialKeys);
  }

  private static TransformWithStatePlan bind(List<String> keyColumns, Supplier<? extends StatefulProcessor<Row, Row,
      Row>> processor, TimeMode timeMode, OutputMode outputMode, Schema outputSchema, Schema input,
      Optional<String> eventTimeColumn, GroupsWithState groupsWithState) {
    if (keyColumns.isEmpty()) {
      throw new AnalysisException("groupByKey needs at least one key column");
    }
    if (outputMode == OutputMode.COMPLETE) {
      throw new AnalysisException("transformWithState runs in append or update output mode, not complete: it emits"
          + " the rows its processor returns, and keeps no result table to emit whole (Spark refuses complete mode"
          + " without an aggregation too)");
    }
    int[] columns = new int[keyColumns.size()];
    List<Field> keyFields = new ArrayList<>();
    for (int i = 0; i < columns.length; i++) {
      columns[i] = input.indexOf(keyColumns.get(i));
      if (columns[i] < 0) {
        throw new AnalysisException("groupByKey: cannot resolve column '" + keyColumns.get(i) + "'; available columns: "
            + input.names());
      }
      keyFields.add(input.field(columns[i]));
    }
    Schema keySchema = Schema.of(keyFields);
    StatefulProcessor<Row, Row, Row> declaring = processor.get();
    if (declaring == null || declaring == processor.get()) {
      throw new AnalysisException("transformWithState needs a supplier that makes a new processor each call (such as"
          + " MyProcessor::new): each state partition runs its own at the same time, and one shared instance would"
          + " mix their state; this one returned " + (declaring == null ? "null" : "the same instance twice"));
    }
    DeclaringHandle handle = new DeclaringHandle(KeyedStateSpec.of(
        groupsWithState == null ? OPERATOR_NAME : GROUPS_WITH_STATE_OPERATOR_NAME, keySchema), declaring, timeMode);
    declaring.setHandle(handle);
    try {
      declaring.init(outputMode, timeMode);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new AnalysisException("transformWithState: " + declaring.getClass().getName() + ".init failed: "
          + e.getMessage(), e);
    } finally {
      declaring.close();
    }
    // [flat]MapGroupsWithState's one timer per key is its kept timeout's: never listed.
    KeyedStateSpec spec = timeMode == TimeMode.NONE ? handle.spec()
        : groupsWithState != null ? handle.spec().withUnlistedTimers() : handle.spec().withTimers();
    TimeColumn eventTime = timeMode == TimeMode.EVENT_TIME
        ? TimeColumn.of(input, eventTimeColumn.map(input::indexOf).orElse(-1)) : TimeColumn.NONE;
    return new TransformWithStatePlan(columns, keySchema, processor, timeMode, outputMode, outputSchema, spec,
        eventTime, groupsWithState, null, -1);
  }

  /**
   * This transformWithState with its state starting from {@code source} grouped by
   * {@code keyColumns} (see {@link io.millrace.api.state.StatefulProcessorWithInitialState}).
   *
   * @throws AnalysisException for a key column it lacks, or a key of other types than the input's
   */
  public TransformWithStatePlan withInitialState(InitialStateSource source, List<String> keyColumns) {
    if (groupsWithState == null && !(processor.get() instanceof io.millrace.api.state.StatefulProcessorWithInitialState)) {
      throw new AnalysisException("transformWithState with an initial state needs a StatefulProcessorWithInitialState,"
          + " not " + processorName());
    }
    return new TransformWithStatePlan(this.keyColumns, keySchema, processor, timeMode, outputMode, outputSchema, spec,
        eventTime, groupsWithState, new InitialState(source, initialKeyColumns(apiName(), source, keyColumns,
            keySchema)), eventTimeOutput);
  }

  /**
   * This transformWithState with its output's {@code column} made the event time of what it
   * emits (Spark's {@code eventTimeColumnName}).
   *
   * @throws AnalysisException for a column the output schema lacks or one that is not a TIMESTAMP
   */
  public TransformWithStatePlan withEventTimeOutput(String column) {
    int index = outputSchema.indexOf(column);
    if (index < 0) {
      throw new AnalysisException("transformWithState: the eventTimeColumnName '" + column + "' is not a column of the"
          + " output schema " + outputSchema.names());
    }
    if (outputSchema.field(index).type() != io.millrace.spi.data.DataType.TIMESTAMP) {
      throw new AnalysisException("transformWithState: the eventTimeColumnName '" + column + "' is "
          + outputSchema.field(index).type() + ", not TIMESTAMP: an event time is a timestamp");
    }
    return new TransformWithStatePlan(keyColumns, keySchema, processor, timeMode, outputMode, outputSchema, spec,
        eventTime, groupsWithState, initialState, index);
  }

  /** The output column that holds the event time of what it emits, if it was given one. */
  public Optional<String> eventTimeOutput() {
    return eventTimeOutput < 0 ? Optional.empty() : Optional.of(outputSchema.field(eventTimeOutput).name());
  }

  /** The position of {@link #eventTimeOutput()} in the output; -1 without one. */
  public int eventTimeOutputIndex() {
    return eventTimeOutput;
  }

  /** The positions of the initial state's key columns, checked against the input's key. */
  private static int[] initialKeyColumns(String api, InitialStateSource source, List<String> keyColumns,
      Schema inputKey) {
    Schema schema = source.schema();
    int[] columns = new int[keyColumns.size()];
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < columns.length; i++) {
      columns[i] = schema.indexOf(keyColumns.get(i));
      if (columns[i] < 0) {
        throw new AnalysisException(api + ": the initial state's groupByKey cannot resolve column '" + keyColumns.get(i)
            + "'; available columns: " + schema.names());
      }
      fields.add(schema.field(columns[i]));
    }
    if (!sameTypes(fields, inputKey.fields())) {
      throw new AnalysisException(api + ": the initial state is grouped by " + Schema.of(fields) + ", which is not the"
          + " type of the input's grouping key " + inputKey + "; group it by columns of the same types, in the same"
          + " order (names may differ)");
    }
    return columns;
  }

  private static boolean sameTypes(List<Field> a, List<Field> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).type().equals(b.get(i).type())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The columns of {@code source} that hold a [flat]MapGroupsWithState's state: all but the key
   * columns, in order, whose types must be those of the state codec's schema.
   */
  private static int[] initialStateColumns(String api, InitialStateSource source, List<String> keyColumns,
      io.millrace.api.state.StateCodec<?> codec) {
    Schema schema = source.schema();
    List<Integer> columns = new ArrayList<>();
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < schema.size(); i++) {
      if (!keyColumns.contains(schema.field(i).name())) {
        columns.add(i);
        fields.add(schema.field(i));
      }
    }
    if (!sameTypes(fields, codec.schema().fields())) {
      throw new AnalysisException(api + ": the initial state's columns other than its key " + keyColumns + " are "
          + Schema.of(fields) + ", which is not the state's schema " + codec.schema() + " (" + codec.describe()
          + "); select the state's fields, in order, besides the key columns (names may differ)");
    }
    return columns.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The operator's name in the progress: Spark's, which differs for {@code [flat]MapGroupsWithState}. */
  public String operatorName() {
    return groupsWithState == null ? OPERATOR_NAME : GROUPS_WITH_STATE_OPERATOR_NAME;
  }

  /** The API that made it, for messages. */
  public String apiName() {
    return groupsWithState == null ? "transformWithState" : groupsWithState.apiName();
  }

  /** The state's starting rows, applied in batch 0 only; empty without. */
  public Optional<InitialState> initialState() {
    return Optional.ofNullable(initialState);
  }

  /**
   * Whether the keys of the initial state get an input call with no rows in batch 0 when they
   * have none: a [flat]MapGroupsWithState's function runs for them (Spark's default), a
   * transformWithState's processor does not.
   */
  boolean callsInitialOnlyKeys() {
    return groupsWithState != null;
  }

  /** What a {@code [flat]MapGroupsWithState} asked for; empty for a transformWithState. */
  public Optional<GroupsWithState> groupsWithState() {
    return Optional.ofNullable(groupsWithState);
  }

  /**
   * The progress's {@code numRowsTotal}: every entry of every store for a transformWithState;
   * for a {@code [flat]MapGroupsWithState} the keys with a row (as Spark's one row per key).
   */
  public long rowsTotal(io.millrace.runtime.state.keyed.KeyedStateMetrics metrics) {
    return groupsWithState == null ? metrics.totalRows()
        : metrics.rowsTotal().getOrDefault(GroupsWithStateProcessor.STATE_VARIABLE, 0L);
  }

  public Schema keySchema() {
    return keySchema;
  }

  public Schema outputSchema() {
    return outputSchema;
  }

  public TimeMode timeMode() {
    return timeMode;
  }

  public OutputMode outputMode() {
    return outputMode;
  }

  public KeyedStateSpec spec() {
    return spec;
  }

  int[] keyColumns() {
    return keyColumns;
  }

  /** Whether an input row is late: under event time, at or before the previous batch's watermark. */
  boolean late(Row row, long lateWatermarkMicros) {
    return lateWatermarkMicros != Long.MIN_VALUE && !eventTime.isNullIn(row)
        && eventTime.micros(row) <= lateWatermarkMicros;
  }

  /** A new processor for one partition's batch. */
  StatefulProcessor<Row, Row, Row> newProcessor() {
    return processor.get();
  }

  /** The processor's class, for messages. */
  public String processorName() {
    StatefulProcessor<Row, Row, Row> p = processor.get();
    return p instanceof GroupsWithStateProcessor<?> g ? g.functionName() : p.getClass().getName();
  }
}
