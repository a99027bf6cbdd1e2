package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import java.util.List;

/**
 * The running value of one aggregate function for one group, kept in a slice of the group's
 * state row: count (LONG), sum (LONG for whole numbers, DOUBLE otherwise), min and max (the
 * argument's type), avg (a DOUBLE sum and a LONG count). Null arguments are ignored, as in SQL.
 */
abstract class Aggregator {
  final String name;
  final BoundExpression argument;
  int offset;

  Aggregator(String name, BoundExpression argument) {
    this.name = name;
    this.argument = argument;
  }

  static Aggregator of(AggregateCall call, String name, BoundExpression argument) {
    switch (call.function()) {
      case COUNT:
        return new Count(name, argument);
      case SUM:
        requireNumeric(call, argument);
        return new Sum(name, argument);
      case AVG:
        requireNumeric(call, argument);
        return new Avg(name, argument);
      default:
        if (argument.type().kind() == DataType.Kind.BINARY || argument.type().kind() == DataType.Kind.STRUCT) {
          throw new AnalysisException(call + ": cannot order values of type " + argument.type());
        }
        return new Extreme(name, argument, call.function() == AggregateCall.Function.MAX);
    }
  }

  private static void requireNumeric(AggregateCall call, BoundExpression argument) {
    if (!argument.type().isNumeric()) {
      throw new AnalysisException(call + " needs a number, but its argument is " + argument.type());
    }
  }

  /** The fields this aggregator keeps in the state row. */
  abstract List<Field> bufferFields();

  abstract DataType resultType();

  abstract void init(Object[] buffer);

  /** Adds one input value (never null; nulls are skipped before). */
  abstract void update(Object[] buffer, Object value);

  /**
   * Folds {@code other}'s running value into {@code buffer}'s: the combine step that lets each
   * input partition aggregate its own rows first (partial aggregation, as Spark's map side does).
   */
  abstract void merge(Object[] buffer, Object[] other);

  abstract Object result(Object[] buffer);

  /** count(x) counts non-null x; count(*) has no argument and counts rows. */
  private static final class Count extends Aggregator {
    Count(String name, BoundExpression argument) {
      super(name, argument);
    }

    List<Field> bufferFields() {
      return List.of(new Field(name, DataType.LONG, false));
    }

    DataType resultType() {
      return DataType.LONG;
    }

    void init(Object[] b) {
      b[offset] = 0L;
    }

    void update(Object[] b, Object v) {
      b[offset] = (Long) b[offset] + 1;
    }

    void merge(Object[] b, Object[] o) {
      b[offset] = (Long) b[offset] + (Long) o[offset];
    }

    Object result(Object[] b) {
      return b[offset];
    }
  }

  private static final class Sum extends Aggregator {
    private final boolean whole;

    Sum(String name, BoundExpression argument) {
      super(name, argument);
      this.whole = argument.type().kind() != DataType.Kind.DOUBLE;
    }

    List<Field> bufferFields() {
      return List.of(Field.of(name, resultType()));
    }

    DataType resultType() {
      return whole ? DataType.LONG : DataType.DOUBLE;
    }

    void init(Object[] b) {
      b[offset] = null;
    }

    void update(Object[] b, Object v) {
      Object s = b[offset];
      if (whole) {
        long add = ((Number) v).longValue();
        b[offset] = s == null ? add : (Long) s + add;
      } else {
        double add = ((Number) v).doubleValue();
        b[offset] = s == null ? add : (Double) s + add;
      }
    }

    void merge(Object[] b, Object[] o) {
      if (o[offset] != null) {
        update(b, o[offset]);
      }
    }

    Object result(Object[] b) {
      return b[offset];
    }
  }

  private static final class Avg extends Aggregator {
    Avg(String name, BoundExpression argument) {
      super(name, argument);
    }

    List<Field> bufferFields() {
      return List.of(new Field(name + ".sum", DataType.DOUBLE, false), new Field(name + ".count", DataType.LONG, false));
    }

    DataType resultType() {
      return DataType.DOUBLE;
    }

    void init(Object[] b) {
      b[offset] = 0.0;
      b[offset + 1] = 0L;
    }

    void update(Object[] b, Object v) {
      b[offset] = (Double) b[offset] + ((Number) v).doubleValue();
      b[offset + 1] = (Long) b[offset + 1] + 1;
    }

    void merge(Object[] b, Object[] o) {
      b[offset] = (Double) b[offset] + (Double) o[offset];
      b[offset + 1] = (Long) b[offset + 1] + (Long) o[offset + 1];
    }

    Object result(Object[] b) {
      long n = (Long) b[offset + 1];
      return n == 0 ? null : (Double) b[offset] / n;
    }
  }

  private static final class Extreme extends Aggregator {
    private final boolean max;

    Extreme(String name, BoundExpression argument, boolean max) {
      super(name, argument);
      this.max = max;
    }

    List<Field> bufferFields() {
      return List.of(Field.of(name, argument.type()));
    }

    DataType resultType() {
      return argument.type();
    }

    void init(Object[] b) {
      b[offset] = null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    void update(Object[] b, Object v) {
      Comparable current = (Comparable) b[offset];
      if (current == null || (max ? current.compareTo(v) < 0 : current.compareTo(v) > 0)) {
        b[offset] = v;
      }
    }

    void merge(Object[] b, Object[] o) {
      if (o[offset] != null) {
        update(b, o[offset]);
      }
    }

    Object result(Object[] b) {
      return b[offset];
    }
  }
}
