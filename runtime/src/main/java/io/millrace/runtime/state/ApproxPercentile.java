package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.DecimalTypes;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code percentile_approx(x, percentage[, accuracy])} and its alias {@code approx_percentile}:
 * Spark's ApproximatePercentile. Each non-NULL x is taken as a double (a DATE as its days, a
 * timestamp as its microseconds) into a {@link QuantileSummary} of relative error
 * {@code 1 / accuracy} (accuracy 10000 unless given); the result is the value at the percentage
 * (a constant in [0, 1]), or an array of them for an array of percentages, in x's type, NULL
 * without values. A group's summary is kept in state as one BINARY field.
 */
final class ApproxPercentile extends Aggregator {
  static final int DEFAULT_ACCURACY = 10_000;

  private final DataType type;
  private final double[] percentages;
  private final boolean array;
  private final double relativeError;

  private ApproxPercentile(String name, BoundExpression argument, double[] percentages, boolean array, long accuracy) {
    super(name, argument);
    this.type = argument.type();
    this.percentages = percentages;
    this.array = array;
    this.relativeError = 1.0d / accuracy;
  }

  static ApproxPercentile of(AggregateCall call, String name, BoundExpression argument) {
    DataType.Kind kind = argument.type().kind();
    if (!(argument.type().isNumeric() || kind == DataType.Kind.DATE || kind == DataType.Kind.TIMESTAMP
        || kind == DataType.Kind.TIMESTAMP_NTZ)) {
      throw new AnalysisException(call + " needs a number, a date or a timestamp, but its argument is "
          + argument.type());
    }
    if (call.more().isEmpty() || call.more().size() > 2) {
      throw new AnalysisException(call + " takes a value, a percentage and at most an accuracy");
    }
    List<AggregateArguments.Constant> constants = AggregateArguments.constants(call, List.of("percentage", "accuracy"));
    AggregateArguments.Constant percentage = constants.get(0);
    boolean array = percentage.type().kind() == DataType.Kind.ARRAY;
    double[] percentages = percentages(call, percentage, array);
    long accuracy = DEFAULT_ACCURACY;
    if (constants.size() > 1) {
      AggregateArguments.Constant a = constants.get(1);
      if (a.value() == null) {
        throw new AnalysisException(call + ": its accuracy must not be NULL");
      }
      if (!a.type().isIntegral()) {
        throw new AnalysisException(call + ": its accuracy must be a whole number, but " + call.more().get(1) + " is "
            + a.type());
      }
      accuracy = ((Number) a.value()).longValue();
      if (accuracy <= 0 || accuracy > Integer.MAX_VALUE) {
        throw new AnalysisException(call + ": its accuracy must be in (0, " + Integer.MAX_VALUE + "], but it is "
            + accuracy);
      }
    }
    return new ApproxPercentile(name, argument, percentages, array, accuracy);
  }

  private static double[] percentages(AggregateCall call, AggregateArguments.Constant percentage, boolean array) {
    DataType elementType = array ? percentage.type().elementType() : percentage.type();
    if (percentage.value() == null) {
      throw new AnalysisException(call + ": its percentage must not be NULL");
    }
    boolean empty = array && ((List<?>) percentage.value()).isEmpty(); // array() has no element type to check
    if (!elementType.isNumeric() && !empty) {
      throw new AnalysisException(call + ": its percentage must be a number or an array of numbers, but "
          + call.more().get(0) + " is " + percentage.type());
    }
    List<Object> values = array ? new ArrayList<>((List<?>) percentage.value()) : List.of(percentage.value());
    double[] out = new double[values.size()];
    for (int i = 0; i < out.length; i++) {
      Object v = values.get(i);
      double d = v == null ? Double.NaN : ((Number) v).doubleValue();
      if (!(d >= 0.0 && d <= 1.0)) {
        throw new AnalysisException(call + ": a percentage must be between 0.0 and 1.0, but " + call.more().get(0)
            + " holds " + v);
      }
      out[i] = d;
    }
    return out;
  }

  List<Field> bufferFields() {
    return List.of(Field.of(name, DataType.BINARY));
  }

  DataType resultType() {
    return array ? DataType.array(type, false) : type;
  }

  @Override
  boolean keepsObjects() {
    return true;
  }

  /** No summary until the first value: buffers are copied from an empty one, which must share none. */
  void init(AggBuffer b) {
    b.objects[offset] = null;
  }

  void update(AggBuffer b, Object value) {
    summary(b).insert(asDouble(value));
  }

  private QuantileSummary summary(AggBuffer b) {
    QuantileSummary s = (QuantileSummary) b.objects[offset];
    if (s == null) {
      s = new QuantileSummary(relativeError);
      b.objects[offset] = s;
    }
    return s;
  }

  /** As Spark takes each type as a double: a DECIMAL by its nearest double. */
  private double asDouble(Object v) {
    switch (type.kind()) {
      case DATE: return (Integer) v;
      case TIMESTAMP: case TIMESTAMP_NTZ: return (Long) v;
      case DECIMAL: return ((BigDecimal) v).doubleValue();
      default: return ((Number) v).doubleValue();
    }
  }

  void merge(AggBuffer b, AggBuffer o) {
    QuantileSummary other = (QuantileSummary) o.objects[offset];
    if (other != null) {
      summary(b).merge(other);
    }
  }

  Object result(AggBuffer b) {
    QuantileSummary s = (QuantileSummary) b.objects[offset];
    double[] found = s == null ? null : s.query(percentages);
    if (found == null) {
      return null;
    }
    if (!array) {
      return ofType(found[0]);
    }
    List<Object> out = new ArrayList<>(found.length);
    for (double d : found) {
      out.add(ofType(d));
    }
    return java.util.Collections.unmodifiableList(out);
  }

  /**
   * A double back in the argument's type, as Spark turns it: whole numbers and times cut toward
   * zero, a DECIMAL from the double's shortest text rounded half up to the type's scale (NULL
   * where it does not fit, as Spark writes a decimal that does not fit its type).
   */
  private Object ofType(double d) {
    switch (type.kind()) {
      case BYTE: return (byte) d;
      case SHORT: return (short) d;
      case INT: case DATE: return (int) d;
      case LONG: case TIMESTAMP: case TIMESTAMP_NTZ: return (long) d;
      case FLOAT: return (float) d;
      case DECIMAL: return DecimalTypes.fit(BigDecimal.valueOf(d), type);
      default: return d;
    }
  }

  void save(AggBuffer b, Object[] row) {
    QuantileSummary s = (QuantileSummary) b.objects[offset];
    row[offset] = s == null ? null : s.toBytes();
  }

  void load(Row row, AggBuffer b) {
    b.objects[offset] = row.isNullAt(offset) ? null : QuantileSummary.fromBytes((byte[]) row.get(offset), name);
  }
}
