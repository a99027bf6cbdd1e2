package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * A streaming aggregation resolved against its input: how to compute each row's group key, the
 * running values kept per group (the state's value schema), and the output row of a group.
 */
public final class AggregationPlan {
  private final BoundExpression[] grouping;
  private final Aggregator[] aggregators;
  private final Schema keySchema;
  private final Schema valueSchema;
  private final Schema outputSchema;

  private AggregationPlan(BoundExpression[] grouping, Aggregator[] aggregators, Schema keySchema, Schema valueSchema,
      Schema outputSchema) {
    this.grouping = grouping;
    this.aggregators = aggregators;
    this.keySchema = keySchema;
    this.valueSchema = valueSchema;
    this.outputSchema = outputSchema;
  }

  /** Binds {@code groupBy(grouping).agg(aggregates)} over rows of {@code input}. */
  public static AggregationPlan bind(List<Expression> groupingExprs, List<Expression> aggregates, Schema input) {
    if (aggregates.isEmpty()) {
      throw new AnalysisException("agg(..) needs at least one aggregate function");
    }
    BoundExpression[] grouping = new BoundExpression[groupingExprs.size()];
    List<Field> keyFields = new ArrayList<>();
    for (int i = 0; i < grouping.length; i++) {
      grouping[i] = groupingExprs.get(i).bind(input);
      keyFields.add(new Field(groupingExprs.get(i).defaultName(), grouping[i].type(), grouping[i].nullable()));
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
      return new AggregationPlan(grouping, aggregators, Schema.of(keyFields), Schema.of(valueFields),
          Schema.of(outputFields));
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

  Row key(Row input, EvalContext context) {
    Object[] values = new Object[grouping.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = grouping[i].eval(input, context);
    }
    return Row.wrap(values);
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
