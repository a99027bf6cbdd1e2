package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import java.util.List;

/**
 * The running value of one aggregate function for one group, kept in a slice of the group's
 * state row: count (LONG), sum (LONG for whole numbers, DOUBLE for FLOAT and DOUBLE, for a
 * DECIMAL(p, s) a DECIMAL(p + 10, s)), min and max (the argument's type), avg (a DOUBLE sum and
 * a LONG count; for a DECIMAL a decimal sum and a count, giving DECIMAL(p + 4, s + 4)), Spark's
 * result types. Null arguments are ignored, as in SQL.
 * While a batch runs, the slice lives in an {@link AggBuffer}: numbers unboxed, min and max as
 * objects; {@link #save} and {@link #load} convert it from and to the state row's values.
 */
abstract class Aggregator {
  final String name;
  final BoundExpression argument;
  int offset;
  /** Where the buffer's null flags start, past its slots: the state row's width. */
  int nullFlagsAt;

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
        return argument.type().kind() == DataType.Kind.DECIMAL
            ? new DecimalSum(name, argument, false) : new Sum(name, argument);
      case AVG:
        requireNumeric(call, argument);
        return argument.type().kind() == DataType.Kind.DECIMAL
            ? new DecimalSum(name, argument, true) : new Avg(name, argument);
      default:
        DataType.Kind kind = argument.type().kind();
        if (kind == DataType.Kind.BINARY || kind == DataType.Kind.STRUCT || kind == DataType.Kind.ARRAY
            || kind == DataType.Kind.MAP) {
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

  /** Whether its slots live in {@link AggBuffer#objects} rather than {@link AggBuffer#words}. */
  boolean keepsObjects() {
    return false;
  }

  abstract void init(AggBuffer b);

  /** Adds one input value (never null; nulls are skipped before). */
  abstract void update(AggBuffer b, Object value);

  /**
   * {@link #update} of a buffer laid out flat in {@code words} from {@code base}, as an
   * {@link AggBuffer}'s words are: the map side keeps its groups' numbers so, one array for
   * all of them. Only aggregators that keep no objects have one.
   */
  void update(long[] words, int base, Object value) {
    throw new IllegalStateException(name + " keeps objects: its buffer cannot be flat");
  }

  /**
   * Folds {@code other}'s running value into {@code buffer}'s: the combine step that lets each
   * input partition aggregate its own rows first (partial aggregation, as Spark's map side does).
   */
  abstract void merge(AggBuffer b, AggBuffer other);

  abstract Object result(AggBuffer b);

  /**
   * Writes its slots as the state row's values into {@code row}: by default its one slot holds
   * its result, as for count, sum, min and max.
   */
  void save(AggBuffer b, Object[] row) {
    row[offset] = result(b);
  }

  /** Reads its slots from a state row. */
  abstract void load(Row row, AggBuffer b);

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

    void init(AggBuffer b) {
      b.words[offset] = 0;
    }

    void update(AggBuffer b, Object v) {
      b.words[offset]++;
    }

    @Override
    void update(long[] words, int base, Object v) {
      words[base + offset]++;
    }

    void merge(AggBuffer b, AggBuffer o) {
      b.words[offset] += o.words[offset];
    }

    Object result(AggBuffer b) {
      return b.words[offset];
    }

    void load(Row row, AggBuffer b) {
      b.words[offset] = row.getLong(offset);
    }
  }

  /** Null until the first non-null value, as SQL's sum of nothing is null. */
  private static final class Sum extends Aggregator {
    private final boolean whole;

    Sum(String name, BoundExpression argument) {
      super(name, argument);
      this.whole = argument.type().isIntegral();
    }

    List<Field> bufferFields() {
      return List.of(Field.of(name, resultType()));
    }

    DataType resultType() {
      return whole ? DataType.LONG : DataType.DOUBLE;
    }

    void init(AggBuffer b) {
      b.words[offset] = 0;
      b.setNull(offset, true);
    }

    void update(AggBuffer b, Object v) {
      if (whole) {
        add(b, ((Number) v).longValue());
      } else {
        add(b, ((Number) v).doubleValue());
      }
    }

    /** As {@link #update(AggBuffer, Object)}: the first value is kept as it is. */
    @Override
    void update(long[] words, int base, Object v) {
      int at = base + offset;
      int flags = base + nullFlagsAt + (offset >>> 6);
      boolean first = (words[flags] & (1L << offset)) != 0;
      if (whole) {
        long value = ((Number) v).longValue();
        words[at] = first ? value : words[at] + value;
      } else {
        double value = ((Number) v).doubleValue();
        words[at] = Double.doubleToRawLongBits(first ? value : Double.longBitsToDouble(words[at]) + value);
      }
      words[flags] &= ~(1L << offset);
    }

    void merge(AggBuffer b, AggBuffer o) {
      if (o.isNull(offset)) {
        return;
      }
      if (whole) {
        add(b, o.words[offset]);
      } else {
        add(b, o.doubleAt(offset));
      }
    }

    private void add(AggBuffer b, long value) {
      b.words[offset] = b.isNull(offset) ? value : b.words[offset] + value;
      b.setNull(offset, false);
    }

    /** The first value is kept as it is, not added to 0.0: a sum of -0.0 alone is -0.0, as it was boxed. */
    private void add(AggBuffer b, double value) {
      b.setDouble(offset, b.isNull(offset) ? value : b.doubleAt(offset) + value);
      b.setNull(offset, false);
    }

    Object result(AggBuffer b) {
      if (b.isNull(offset)) {
        return null;
      }
      return whole ? (Object) b.words[offset] : (Object) b.doubleAt(offset);
    }

    void load(Row row, AggBuffer b) {
      init(b);
      if (!row.isNullAt(offset)) {
        update(b, row.get(offset));
      }
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

    void init(AggBuffer b) {
      b.setDouble(offset, 0.0);
      b.words[offset + 1] = 0;
    }

    void update(AggBuffer b, Object v) {
      b.setDouble(offset, b.doubleAt(offset) + ((Number) v).doubleValue());
      b.words[offset + 1]++;
    }

    @Override
    void update(long[] words, int base, Object v) {
      int at = base + offset;
      words[at] = Double.doubleToRawLongBits(Double.longBitsToDouble(words[at]) + ((Number) v).doubleValue());
      words[at + 1]++;
    }

    void merge(AggBuffer b, AggBuffer o) {
      b.setDouble(offset, b.doubleAt(offset) + o.doubleAt(offset));
      b.words[offset + 1] += o.words[offset + 1];
    }

    Object result(AggBuffer b) {
      long n = b.words[offset + 1];
      return n == 0 ? null : b.doubleAt(offset) / n;
    }

    void save(AggBuffer b, Object[] row) {
      row[offset] = b.doubleAt(offset);
      row[offset + 1] = b.words[offset + 1];
    }

    void load(Row row, AggBuffer b) {
      b.setDouble(offset, row.getDouble(offset));
      b.words[offset + 1] = row.getLong(offset + 1);
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

    @Override
    boolean keepsObjects() {
      return true;
    }

    void init(AggBuffer b) {
      b.objects[offset] = null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    void update(AggBuffer b, Object v) {
      Comparable current = (Comparable) b.objects[offset];
      if (current == null || (max ? current.compareTo(v) < 0 : current.compareTo(v) > 0)) {
        b.objects[offset] = v;
      }
    }

    void merge(AggBuffer b, AggBuffer o) {
      if (o.objects[offset] != null) {
        update(b, o.objects[offset]);
      }
    }

    Object result(AggBuffer b) {
      return b.objects[offset];
    }

    void load(Row row, AggBuffer b) {
      b.objects[offset] = row.get(offset);
    }
  }

  /**
   * sum and avg of a DECIMAL(p, s), as Spark types them: the sum in DECIMAL(p + 10, s), exact
   * while it adds and null when it is read or stored overflowing that type (non-ANSI), and
   * then ever after; avg that sum over the count, rounded half up to DECIMAL(p + 4, s + 4),
   * null when the mean overflows. Both keep the sum (an object) and the count of values: a null
   * sum with a count above zero is one that overflowed, which stays null through merges and
   * restarts.
   */
  private static final class DecimalSum extends Aggregator {
    private final boolean average;
    private final DataType sumType;

    DecimalSum(String name, BoundExpression argument, boolean average) {
      super(name, argument);
      this.average = average;
      DataType in = argument.type();
      this.sumType = DataType.decimal(Math.min(DataType.MAX_PRECISION, in.precision() + 10), in.scale());
    }

    List<Field> bufferFields() {
      return List.of(Field.of(name + ".sum", sumType), new Field(name + ".count", DataType.LONG, false));
    }

    DataType resultType() {
      DataType in = argument.type();
      return average ? DataType.decimal(Math.min(DataType.MAX_PRECISION, in.precision() + 4),
          Math.min(DataType.MAX_PRECISION, in.scale() + 4)) : sumType;
    }

    @Override
    boolean keepsObjects() {
      return true;
    }

    void init(AggBuffer b) {
      b.objects[offset] = null;
      b.objects[offset + 1] = 0L;
    }

    void update(AggBuffer b, Object v) {
      add(b, (java.math.BigDecimal) v, 1);
    }

    void merge(AggBuffer b, AggBuffer o) {
      long count = (Long) o.objects[offset + 1];
      if (count > 0) {
        add(b, (java.math.BigDecimal) o.objects[offset], count);
      }
    }

    /** Adds {@code count} values summing to {@code value}; a null value is a sum that overflowed. */
    private void add(AggBuffer b, java.math.BigDecimal value, long count) {
      long before = (Long) b.objects[offset + 1];
      java.math.BigDecimal sum = (java.math.BigDecimal) b.objects[offset];
      boolean overflowed = before > 0 && sum == null || value == null;
      // Exact while a batch adds, as Spark's sum is until it is read: 10^38 - 1, + 1, - 5 fits.
      b.objects[offset] = overflowed ? null : before == 0 ? value : sum.add(value);
      b.objects[offset + 1] = before + count;
    }

    Object result(AggBuffer b) {
      java.math.BigDecimal sum = (java.math.BigDecimal) b.objects[offset];
      if (sum == null || !average) {
        return sum == null ? null : fit(sum, sumType);
      }
      DataType type = resultType();
      return fit(sum.divide(java.math.BigDecimal.valueOf((Long) b.objects[offset + 1]), type.scale(),
          java.math.RoundingMode.HALF_UP), type);
    }

    /** Stored in the sum's type: one that overflowed it is null from then on (its count stays above zero). */
    void save(AggBuffer b, Object[] row) {
      java.math.BigDecimal sum = (java.math.BigDecimal) b.objects[offset];
      row[offset] = sum == null ? null : fit(sum, sumType);
      row[offset + 1] = b.objects[offset + 1];
    }

    void load(Row row, AggBuffer b) {
      b.objects[offset] = row.get(offset);
      b.objects[offset + 1] = row.getLong(offset + 1);
    }

    private static java.math.BigDecimal fit(java.math.BigDecimal value, DataType type) {
      java.math.BigDecimal scaled = value.setScale(type.scale(), java.math.RoundingMode.HALF_UP);
      return scaled.precision() - scaled.scale() > type.precision() - type.scale() ? null : scaled;
    }
  }
}
