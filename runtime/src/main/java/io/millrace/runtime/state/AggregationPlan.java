package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.BoundColumn;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.ColumnRef;
import io.millrace.runtime.expr.SessionWindow;
import io.millrace.runtime.expr.TimeWindow;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A streaming aggregation resolved against its input: how to compute each row's group key, the
 * running values kept per group (the state's value schema), and the output row of a group.
 */
public final class AggregationPlan {
  private final BoundExpression[] grouping;
  /** The position of a window among the grouping keys, or -1. */
  private final int windowIndex;
  private final TimeWindow.Bound window;
  /** The key field holding the event time the watermark evicts by, or -1. */
  private final int evictionIndex;
  /**
   * Whether that field is a window struct made by an earlier operator (an aggregation grouped by
   * the window column of another aggregation's output): its group is finished when its end is.
   */
  private final boolean evictsByStructEnd;
  /** The watermarked input column the grouping holds (or a window on it); null where none. */
  private final String eventTimeInput;
  private final Aggregator[] aggregators;
  private final Schema keySchema;
  private final Schema valueSchema;
  private final Schema outputSchema;
  private final AggBuffer emptyBuffer;
  /**
   * A {@code session_window} among the grouping keys, or null. Its struct is not part of the
   * state key ({@link #keySchema} holds the other keys): a group's sessions merge as rows come,
   * so a row's session is only known in the state (see {@link SessionWindowAggregation}).
   */
  private Session session;

  /** A session window grouping key: its position in the output, its event time, its gap. */
  private record Session(int index, BoundExpression time, long gapMicros, boolean onWatermark, String text) {}

  private AggregationPlan(BoundExpression[] grouping, int windowIndex, TimeWindow.Bound window, int evictionIndex,
      Aggregator[] aggregators, Schema keySchema, Schema valueSchema, Schema outputSchema, String eventTimeInput) {
    this.grouping = grouping;
    this.eventTimeInput = eventTimeInput;
    this.windowIndex = windowIndex;
    this.window = window;
    this.evictionIndex = evictionIndex;
    this.evictsByStructEnd = evictionIndex >= 0 && evictionIndex != windowIndex
        && keySchema.field(evictionIndex).type().equals(TimeWindow.TYPE);
    this.aggregators = aggregators;
    this.keySchema = keySchema;
    this.valueSchema = valueSchema;
    this.outputSchema = outputSchema;
    boolean objects = false;
    for (Aggregator a : aggregators) {
      objects |= a.keepsObjects();
    }
    this.emptyBuffer = new AggBuffer(valueSchema.size(), objects);
    for (Aggregator a : aggregators) {
      a.init(emptyBuffer);
    }
  }

  /**
   * Binds {@code groupBy(grouping).agg(aggregates)} over rows of {@code input}; with a
   * {@code watermarkColumn}, a grouping key on that column (or a window on it) is what state
   * is evicted by.
   */
  public static AggregationPlan bind(List<Expression> groupingExprs, List<Expression> aggregates, Schema input,
      Optional<String> watermarkColumn) {
    if (aggregates.isEmpty()) {
      throw new AnalysisException("agg(..) needs at least one aggregate function");
    }
    BoundExpression[] grouping = new BoundExpression[groupingExprs.size()];
    List<Field> keyFields = new ArrayList<>();
    int windowIndex = -1;
    TimeWindow.Bound window = null;
    int evictionIndex = -1;
    Session session = null;
    for (int i = 0; i < grouping.length; i++) {
      Expression e = groupingExprs.get(i);
      Expression inner = e instanceof Alias ? ((Alias) e).child() : e;
      if (inner instanceof SessionWindow || (inner instanceof TimeWindow && session != null)) {
        if (window != null || session != null) {
          throw new AnalysisException("Multiple time/session window expressions would result in a cartesian product of"
              + " rows, therefore they are currently not supported. (Spark 4.0.1's message: groupBy(..) may hold one"
              + " window(..) or session_window(..))");
        }
        SessionWindow w = (SessionWindow) inner;
        session = new Session(i, w.bindTime(input), w.gapMicros(), refersTo(w.time(), watermarkColumn),
            w.toString());
        continue;
      }
      if (inner instanceof TimeWindow) {
        if (window != null) {
          throw new AnalysisException("groupBy(..) may hold one window(..); this one holds two");
        }
        TimeWindow w = (TimeWindow) inner;
        window = w.bindWindows(input);
        windowIndex = i;
        keyFields.add(new Field(e.defaultName(), TimeWindow.TYPE, false));
        if (refersTo(w.time(), watermarkColumn)) {
          evictionIndex = i;
        }
        continue;
      }
      grouping[i] = e.bind(input);
      keyFields.add(new Field(e.defaultName(), grouping[i].type(), grouping[i].nullable()));
      if (evictionIndex < 0 && refersTo(inner, watermarkColumn)) {
        evictionIndex = i;
      }
    }
    if (session != null && grouping.length == 1) {
      throw new AnalysisException("Global aggregation with session window in streaming query is not supported. "
          + "(Spark 4.0's message: group by another column besides " + groupingExprs.get(0) + ")");
    }
    Aggregator[] aggregators = new Aggregator[aggregates.size()];
    List<Field> valueFields = new ArrayList<>();
    List<Field> outputFields = new ArrayList<>(keyFields);
    if (session != null) {
      outputFields.add(session.index(), new Field(groupingExprs.get(session.index()).defaultName(), TimeWindow.TYPE,
          false));
    }
    for (int i = 0; i < aggregators.length; i++) {
      Expression e = aggregates.get(i);
      Expression inner = e instanceof Alias ? ((Alias) e).child() : e;
      if (!(inner instanceof AggregateCall)) {
        throw new AnalysisException("agg(..) takes aggregate functions such as count(..) or sum(..); '" + e
            + "' is not one");
      }
      AggregateCall call = (AggregateCall) inner;
      BoundExpression argument = call.argument() == null ? null : AggregateArguments.bind(call, input);
      Aggregator a = call.argument() == null
          ? Aggregator.of(call, e.defaultName(), constantOne())
          : Aggregator.of(call, e.defaultName(), argument);
      a.offset = valueFields.size();
      valueFields.addAll(a.bufferFields());
      outputFields.add(new Field(e.defaultName(), a.resultType(),
          call.function() != AggregateCall.Function.COUNT && a.nullableResult()));
      aggregators[i] = a;
    }
    for (Aggregator a : aggregators) {
      a.nullFlagsAt = valueFields.size();
    }
    try {
      AggregationPlan plan = new AggregationPlan(grouping, windowIndex, window, evictionIndex, aggregators,
          Schema.of(keyFields), Schema.of(valueFields), Schema.of(outputFields),
          session != null && session.onWatermark() ? watermarkColumn.get()
              : evictionIndex >= 0 ? watermarkColumn.orElse(null) : null);
      plan.session = session;
      return plan;
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("the aggregation has two columns of one name: " + e.getMessage()
          + "; name them apart with .as(\"name\")", e);
    }
  }

  private static BoundExpression constantOne() {
    return new BoundExpression() {
      public io.millrace.spi.data.DataType type() {
        return io.millrace.spi.data.DataType.LONG;
      }

      public boolean nullable() {
        return false;
      }

      public Object eval(Row row, EvalContext context) {
        return 1L;
      }
    };
  }

  public Schema keySchema() {
    return keySchema;
  }

  public Schema valueSchema() {
    return valueSchema;
  }

  public Schema outputSchema() {
    return outputSchema;
  }

  private static boolean refersTo(Expression e, Optional<String> column) {
    return column.isPresent() && e instanceof ColumnRef && ((ColumnRef) e).name().equals(column.get());
  }

  /** Whether the grouping holds a window(..), which a row whose time is null is in none of. */
  boolean hasWindow() {
    return window != null;
  }

  /**
   * Whether the grouping holds the event time itself, not a window on it: a row whose time is
   * null is then in a group of its own that the watermark never finishes ({@link #finished}).
   */
  boolean groupsByEventTime() {
    return evictionIndex >= 0 && evictionIndex != windowIndex;
  }

  /** Whether the event time among grouping values from {@link #groupValues} is null; where {@link #groupsByEventTime()}. */
  boolean nullEventTime(Object[] values) {
    return values[evictionIndex] == null;
  }

  /** Whether the event time in a group key is null; where {@link #groupsByEventTime()}. */
  boolean nullEventTime(Row key) {
    return key.isNullAt(evictionIndex);
  }

  /** The input column the watermark evicts groups by (grouped on, or windowed on), if one is. */
  public Optional<String> eventTimeInput() {
    if (session != null) {
      return session.onWatermark() ? Optional.of(eventTimeInput) : Optional.empty();
    }
    return evictionIndex < 0 ? Optional.empty() : Optional.of(eventTimeInput);
  }

  /**
   * The output column that carries the event time on to the operators after this one: the
   * grouping key the watermark evicts by (the event time itself, or the window on it).
   */
  public Optional<String> eventTimeOutput() {
    if (session != null) {
      return session.onWatermark() ? Optional.of(outputSchema.field(session.index()).name()) : Optional.empty();
    }
    return evictionIndex < 0 ? Optional.empty() : Optional.of(keySchema.field(evictionIndex).name());
  }

  /**
   * Whether the watermark can evict this aggregation's groups: it groups by the event time or a
   * window on it, or by a session window on it.
   */
  public boolean evictsByWatermark() {
    return session != null ? session.onWatermark() : evictionIndex >= 0;
  }

  /** Whether a {@code session_window} is among the grouping keys: {@link SessionWindowAggregation} runs it. */
  public boolean hasSessionWindow() {
    return session != null;
  }

  /** How {@code explain()} shows the session window: {@code session=session_window(ts, 30000ms)}. */
  public Optional<String> sessionDescription() {
    return session == null ? Optional.empty() : Optional.of("session=" + session.text());
  }

  /** The session window's gap, where {@link #hasSessionWindow()}. */
  long sessionGapMicros() {
    return session.gapMicros();
  }

  /** The event time of a row's session window, or null (the row is in no session). */
  Long sessionTime(Row input, EvalContext context) {
    return (Long) session.time().eval(input, context);
  }

  /** The state key of a row under a session window: its grouping values other than the session. */
  Row sessionKey(Row input, EvalContext context) {
    Object[] values = new Object[grouping.length - 1];
    int k = 0;
    for (int i = 0; i < grouping.length; i++) {
      if (i != session.index()) {
        values[k++] = grouping[i].eval(input, context);
      }
    }
    return Row.wrap(values);
  }

  /**
   * The input columns holding a row's state key under a session window, where each grouping
   * value besides the session is an input column as it is; otherwise null, and the key is made
   * by {@link #sessionKey}.
   */
  int[] sessionKeyColumns() {
    int[] columns = new int[grouping.length - 1];
    int k = 0;
    for (int i = 0; i < grouping.length; i++) {
      if (i != session.index()) {
        if (!(grouping[i] instanceof BoundColumn c)) {
          return null;
        }
        columns[k++] = c.index();
      }
    }
    return columns;
  }

  /** The output row of the session {@code [start, end)} of the group {@code key} (a row of {@link #keySchema}). */
  Row sessionOutput(Row key, long startMicros, long endMicros, AggBuffer buffer) {
    Object[] values = new Object[outputSchema.size()];
    int k = 0;
    for (int i = 0; i < grouping.length; i++) {
      values[i] = i == session.index() ? SessionWindow.value(startMicros, endMicros) : key.get(k++);
    }
    for (int i = 0; i < aggregators.length; i++) {
      values[grouping.length + i] = aggregators[i].result(buffer);
    }
    return Row.wrap(values);
  }

  /**
   * The group keys of an input row: one, or one per window the row falls in; none when its
   * window's time is null.
   */
  List<Row> keys(Row input, EvalContext context) {
    Object[] values = new Object[grouping.length];
    for (int i = 0; i < values.length; i++) {
      if (i != windowIndex) {
        values[i] = grouping[i].eval(input, context);
      }
    }
    if (window == null) {
      return List.of(Row.wrap(values));
    }
    List<Row> windows = window.windows(input, context);
    List<Row> keys = new ArrayList<>(windows.size());
    for (Row w : windows) {
      Object[] copy = values.clone();
      copy[windowIndex] = w;
      keys.add(Row.wrap(copy));
    }
    return keys;
  }

  /**
   * Whether each row belongs to at most one group (no sliding window), so that a group can be
   * looked up by its parts: {@link #windowStart} and {@link #groupValues}.
   */
  boolean singleGroupPerRow() {
    return window == null || window.single();
  }

  /**
   * The start of the row's tumbling window; 0 without a window; {@link #NO_GROUP} when the
   * window's time is null (the row has no group). A window cannot start at Long.MIN_VALUE itself:
   * that is 292,000 years before the epoch.
   */
  long windowStart(Row input, EvalContext context) {
    return window == null ? 0 : window.start(input, context, NO_GROUP);
  }

  static final long NO_GROUP = Long.MIN_VALUE;

  /** Evaluates the grouping keys other than the window into {@code values}; the window's slot is null. */
  void groupValues(Row input, EvalContext context, Object[] values) {
    for (int i = 0; i < values.length; i++) {
      values[i] = i == windowIndex ? null : grouping[i].eval(input, context);
    }
  }

  /** The position of the window among the grouping keys, or -1: the slot {@link #groupValues} leaves null. */
  int windowSlot() {
    return windowIndex;
  }

  int groupingSize() {
    return grouping.length;
  }

  /**
   * The key row of a group given by its parts; {@code windows} holds the window structs made so
   * far (immutable, so the groups of one window share one: a batch has a few windows and
   * hundreds of thousands of groups).
   */
  Row keyRow(long windowStart, Object[] values, Map<Long, Row> windows) {
    Object[] key = values.clone();
    if (windowIndex >= 0) {
      key[windowIndex] = windows.computeIfAbsent(windowStart, s -> Row.of(s, s + window.durationMicros()));
    }
    return Row.wrap(key);
  }

  /** {@link #finished(Row, long)} of a group given by its parts. */
  boolean finished(long windowStart, Object[] values, long watermarkMicros) {
    if (evictionIndex < 0) {
      return false;
    }
    if (evictionIndex == windowIndex) {
      return windowStart + window.durationMicros() <= watermarkMicros;
    }
    Object t = values[evictionIndex];
    if (t == null) {
      return false;
    }
    return (evictsByStructEnd ? ((Row) t).getLong(1) : (Long) t) <= watermarkMicros;
  }

  /**
   * Whether the group {@code key} is finished at {@code watermarkMicros}: its window ended, or
   * its event time is, at or before the watermark. Such a group gets no more rows.
   */
  boolean finished(Row key, long watermarkMicros) {
    if (evictionIndex < 0 || key.isNullAt(evictionIndex)) {
      return false;
    }
    long t = evictionIndex == windowIndex || evictsByStructEnd
        ? key.getStruct(evictionIndex).getLong(1)
        : key.getLong(evictionIndex);
    return t <= watermarkMicros;
  }

  /** {@link #finished} of an encoded key, reading only the event time out of it. */
  boolean finished(RowCodec keyCodec, byte[] key, long watermarkMicros) {
    if (evictionIndex < 0) {
      return false;
    }
    // The window struct is (start, end); a group is finished when its window's end is.
    long t = keyCodec.longAt(key, evictionIndex, evictionIndex == windowIndex || evictsByStructEnd ? 1 : -1,
        Long.MAX_VALUE);
    return t != Long.MAX_VALUE && t <= watermarkMicros;
  }

  /**
   * Whether every key starts with what the watermark evicts by: the window (whose struct starts
   * with the window's start) or the event time. The finished groups are then the keys in
   * {@link #finishedKeyRanges}.
   */
  boolean eventTimeLeadsKey() {
    // A window struct of an earlier operator has no duration known here to turn ends into starts.
    return evictionIndex == 0 && !evictsByStructEnd;
  }

  /**
   * The ranges, as {@code {from, to}} pairs, that hold exactly the keys {@link #finished} at
   * {@code watermarkMicros} and not at {@code evictedThrough} ({@code Long.MIN_VALUE} when
   * nothing is known), where {@link #eventTimeLeadsKey()}. Groups finished at an earlier
   * watermark were evicted then, and rows for them are dropped as late, so none is left there.
   *
   * <p>A window {@code [start, start + duration)} is finished when its end is at or before the
   * watermark, so the range is one of starts; like {@link #finished}, it never takes an end
   * (or event time) of {@code Long.MAX_VALUE}, the mark of a null time.
   */
  List<byte[][]> finishedKeyRanges(long evictedThrough, long watermarkMicros) {
    long duration = windowIndex == 0 ? window.durationMicros() : 0;
    long end = Math.min(watermarkMicros, Long.MAX_VALUE - 1);
    if (end < Long.MIN_VALUE + duration) {
      return List.of(); // no window that starts after Long.MIN_VALUE has ended yet
    }
    long first = Long.MIN_VALUE;
    long evictedEnd = Math.min(evictedThrough, Long.MAX_VALUE - 1);
    if (evictedThrough != Long.MIN_VALUE && evictedEnd >= Long.MIN_VALUE + duration) {
      first = evictedEnd - duration + 1;
    }
    List<byte[][]> ranges = RowCodec.leadingLongBetween(first, end - duration);
    if (windowIndex != 0) {
      return ranges;
    }
    List<byte[][]> inStruct = new ArrayList<>(ranges.size());
    for (byte[][] range : ranges) {
      inStruct.add(new byte[][] {RowCodec.presentStruct(range[0]), RowCodec.presentStruct(range[1])});
    }
    return inStruct;
  }

  /** Whether some aggregator keeps objects (min, max) rather than numbers in its buffer slots. */
  boolean keepsObjects() {
    return emptyBuffer.objects != null;
  }

  /** A group's running values before any row: a copy of one made once (every new group of every batch needs one). */
  AggBuffer newBuffer() {
    return emptyBuffer.copy();
  }

  /** Sets {@code buffer}, one of {@link #newBuffer()}'s, back to the running values before any row. */
  void clear(AggBuffer buffer) {
    emptyBuffer.copyInto(buffer);
  }

  /** The running values a state row holds. */
  AggBuffer buffer(Row stateRow) {
    AggBuffer buffer = emptyBuffer.copy();
    for (Aggregator a : aggregators) {
      a.load(stateRow, buffer);
    }
    return buffer;
  }

  /** The state row of running values. */
  Row stateRow(AggBuffer buffer) {
    Object[] row = new Object[valueSchema.size()];
    for (Aggregator a : aggregators) {
      a.save(buffer, row);
    }
    return Row.wrap(row);
  }

  void update(AggBuffer buffer, Row input, EvalContext context) {
    for (Aggregator a : aggregators) {
      Object v = a.argument.eval(input, context);
      if (v != null) {
        a.update(buffer, v);
      }
    }
  }

  /**
   * {@link #update} of a group whose running values lie flat in {@code words[base, base +
   * }{@link #bufferWidth()}{@code )}, laid out as a buffer's words; only where no aggregator
   * {@link #keepsObjects()}.
   */
  void update(long[] words, int base, Row input, EvalContext context) {
    for (Aggregator a : aggregators) {
      Object v = a.argument.eval(input, context);
      if (v != null) {
        a.update(words, base, v);
      }
    }
  }

  /** How many longs a group's running values take when laid out flat. */
  int bufferWidth() {
    return emptyBuffer.words.length;
  }

  /** Writes a group's running values before any row at {@code words[base..]}. */
  void initFlat(long[] words, int base) {
    System.arraycopy(emptyBuffer.words, 0, words, base, emptyBuffer.words.length);
  }

  /** The buffer of values laid out flat at {@code words[base..]}: a copy. */
  AggBuffer bufferOf(long[] words, int base) {
    return new AggBuffer(valueSchema.size(), Arrays.copyOfRange(words, base, base + emptyBuffer.words.length));
  }

  /** Folds a partial buffer of the same group into {@code buffer}. */
  void merge(AggBuffer buffer, AggBuffer partial) {
    for (Aggregator a : aggregators) {
      a.merge(buffer, partial);
    }
  }

  Row output(Row key, AggBuffer buffer) {
    Object[] values = new Object[outputSchema.size()];
    int k = key.size();
    for (int i = 0; i < k; i++) {
      values[i] = key.get(i);
    }
    for (int i = 0; i < aggregators.length; i++) {
      values[k + i] = aggregators[i].result(buffer);
    }
    return Row.wrap(values);
  }
}
