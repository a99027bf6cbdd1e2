package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.ColumnRef;
import io.millrace.runtime.expr.TimeWindow;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
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
  private final Aggregator[] aggregators;
  private final Schema keySchema;
  private final Schema valueSchema;
  private final Schema outputSchema;

  private AggregationPlan(BoundExpression[] grouping, int windowIndex, TimeWindow.Bound window, int evictionIndex,
      Aggregator[] aggregators, Schema keySchema, Schema valueSchema, Schema outputSchema) {
    this.grouping = grouping;
    this.windowIndex = windowIndex;
    this.window = window;
    this.evictionIndex = evictionIndex;
    this.aggregators = aggregators;
    this.keySchema = keySchema;
    this.valueSchema = valueSchema;
    this.outputSchema = outputSchema;
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
    for (int i = 0; i < grouping.length; i++) {
      Expression e = groupingExprs.get(i);
      Expression inner = e instanceof Alias ? ((Alias) e).child() : e;
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
    Aggregator[] aggregators = new Aggregator[aggregates.size()];
    List<Field> valueFields = new ArrayList<>();
    List<Field> outputFields = new ArrayList<>(keyFields);
    for (int i = 0; i < aggregators.length; i++) {
      Expression e = aggregates.get(i);
      Expression inner = e instanceof Alias ? ((Alias) e).child() : e;
      if (!(inner instanceof AggregateCall)) {
        throw new AnalysisException("agg(..) takes aggregate functions such as count(..) or sum(..); '" + e
            + "' is not one");
      }
      AggregateCall call = (AggregateCall) inner;
      BoundExpression argument = call.argument() == null ? null : call.argument().bind(input);
      Aggregator a = call.argument() == null
          ? Aggregator.of(call, e.defaultName(), constantOne())
          : Aggregator.of(call, e.defaultName(), argument);
      a.offset = valueFields.size();
      valueFields.addAll(a.bufferFields());
      outputFields.add(new Field(e.defaultName(), a.resultType(), !(call.function() == AggregateCall.Function.COUNT)));
      aggregators[i] = a;
    }
    try {
      return new AggregationPlan(grouping, windowIndex, window, evictionIndex, aggregators, Schema.of(keyFields),
          Schema.of(valueFields), Schema.of(outputFields));
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

  /** Whether the watermark can evict this aggregation's groups: it groups by the event time or a window on it. */
  public boolean evictsByWatermark() {
    return evictionIndex >= 0;
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
   * Whether the group {@code key} is finished at {@code watermarkMicros}: its window ended, or
   * its event time is, at or before the watermark. Such a group gets no more rows.
   */
  boolean finished(Row key, long watermarkMicros) {
    if (evictionIndex < 0 || key.isNullAt(evictionIndex)) {
      return false;
    }
    long t = evictionIndex == windowIndex ? key.getStruct(evictionIndex).getLong(1) : key.getLong(evictionIndex);
    return t <= watermarkMicros;
  }

  Object[] newBuffer() {
    Object[] buffer = new Object[valueSchema.size()];
    for (Aggregator a : aggregators) {
      a.init(buffer);
    }
    return buffer;
  }

  void update(Object[] buffer, Row input, EvalContext context) {
    for (Aggregator a : aggregators) {
      Object v = a.argument.eval(input, context);
      if (v != null) {
        a.update(buffer, v);
      }
    }
  }

  Row output(Row key, Object[] buffer) {
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
