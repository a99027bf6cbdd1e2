package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.DecimalTypes;
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
      case COUNT_IF:
        if (argument.type().kind() != DataType.Kind.BOOLEAN) {
          throw new AnalysisException(call + " needs a condition, but its argument is " + argument.type());
        }
        return new CountIf(name, argument);
      case STDDEV_SAMP: case STDDEV_POP: case VAR_SAMP: case VAR_POP:
        requireNumeric(call, argument);
        return new CentralMoment(name, argument, call.function());
      case FIRST: case LAST:
        return new FirstOrLast(name, argument, call.function() == AggregateCall.Function.FIRST);
      case MAX_BY: case MIN_BY: {
        DataType ordering = ((AggregateArguments.PairArgument) argument).orderingType();
        if (!orderable(ordering)) {
          throw new AnalysisException(call + ": cannot order values of type " + ordering);
        }
        return new ByExtreme(name, argument, ordering, call.function() == AggregateCall.Function.MAX_BY);
      }
      case COLLECT_LIST: case COLLECT_SET:
        return new Collect(name, argument, call.function() == AggregateCall.Function.COLLECT_SET);
      case APPROX_COUNT_DISTINCT:
        return ApproxCountDistinct.of(call, name, argument);
      case PERCENTILE_APPROX:
        return ApproxPercentile.of(call, name, argument);
      default:
        DataType.Kind kind = argument.type().kind();
        if (kind == DataType.Kind.BINARY || kind == DataType.Kind.STRUCT || kind == DataType.Kind.ARRAY
            || kind == DataType.Kind.MAP) {
          throw new AnalysisException(call + ": cannot order values of type " + argument.type());
        }
        return new Extreme(name, argument, call.function() == AggregateCall.Function.MAX);
    }
  }

  private static boolean orderable(DataType t) {
    DataType.Kind k = t.kind();
    return k != DataType.Kind.BINARY && k != DataType.Kind.STRUCT && k != DataType.Kind.ARRAY && k != DataType.Kind.MAP;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compare(Object a, Object b) {
    if (a instanceof Double x && b instanceof Double y) {
      return x.compareTo(y) == 0 || x.doubleValue() == y.doubleValue() ? 0 : Double.compare(x, y);
    }
    return ((Comparable) a).compareTo(b);
  }

  private static void requireNumeric(AggregateCall call, BoundExpression argument) {
    if (!argument.type().isNumeric()) {
      throw new AnalysisException(call + " needs a number, but its argument is " + argument.type());
    }
  }

  /** The fields this aggregator keeps in the state row. */
  abstract List<Field> bufferFields();

  abstract DataType resultType();

  /** Whether its result may be NULL: count's and approx_count_distinct's never is. */
  boolean nullableResult() {
    return true;
  }

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
  private static class Count extends Aggregator {
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

    /** Whether a non-null value counts: every one does here. */
    boolean counts(Object v) {
      return true;
    }

    void update(AggBuffer b, Object v) {
      b.words[offset] += counts(v) ? 1 : 0;
    }

    @Override
    void update(long[] words, int base, Object v) {
      words[base + offset] += counts(v) ? 1 : 0;
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
        return sum == null ? null : DecimalTypes.fit(sum, sumType);
      }
      DataType type = resultType();
      return DecimalTypes.fit(sum.divide(java.math.BigDecimal.valueOf((Long) b.objects[offset + 1]), type.scale(),
          java.math.RoundingMode.HALF_UP), type);
    }

    /** Stored in the sum's type: one that overflowed it is null from then on (its count stays above zero). */
    void save(AggBuffer b, Object[] row) {
      java.math.BigDecimal sum = (java.math.BigDecimal) b.objects[offset];
      row[offset] = sum == null ? null : DecimalTypes.fit(sum, sumType);
      row[offset + 1] = b.objects[offset + 1];
    }

    void load(Row row, AggBuffer b) {
      b.objects[offset] = row.get(offset);
      b.objects[offset + 1] = row.getLong(offset + 1);
    }
  }

  /** An aggregator whose two slots hold objects, stored in the state row as they are. */
  private abstract static class TwoObjectSlots extends Aggregator {
    TwoObjectSlots(String name, BoundExpression argument) {
      super(name, argument);
    }

    @Override
    boolean keepsObjects() {
      return true;
    }

    void save(AggBuffer b, Object[] row) {
      row[offset] = b.objects[offset];
      row[offset + 1] = b.objects[offset + 1];
    }

    void load(Row row, AggBuffer b) {
      b.objects[offset] = row.get(offset);
      b.objects[offset + 1] = row.get(offset + 1);
    }
  }

  /** count_if(condition): the rows where it is true; a count otherwise. */
  private static final class CountIf extends Count {
    CountIf(String name, BoundExpression argument) {
      super(name, argument);
    }

    @Override
    boolean counts(Object v) {
      return Boolean.TRUE.equals(v);
    }
  }

  /**
   * The variance and standard deviation functions, by Spark's {@code CentralMomentAgg}: a count,
   * a mean and a sum of squared deviations, updated one value at a time and merged pairwise with
   * the same arithmetic as Spark's, so results match to the last bit. A sample statistic of one
   * value is NULL (Spark 3+), of none NULL; a population one of one value is 0.0.
   */
  private static final class CentralMoment extends Aggregator {
    private final AggregateCall.Function function;

    CentralMoment(String name, BoundExpression argument, AggregateCall.Function function) {
      super(name, argument);
      this.function = function;
    }

    List<Field> bufferFields() {
      return List.of(new Field(name + ".n", DataType.DOUBLE, false), new Field(name + ".avg", DataType.DOUBLE, false),
          new Field(name + ".m2", DataType.DOUBLE, false));
    }

    DataType resultType() {
      return DataType.DOUBLE;
    }

    void init(AggBuffer b) {
      b.setDouble(offset, 0.0);
      b.setDouble(offset + 1, 0.0);
      b.setDouble(offset + 2, 0.0);
    }

    void update(AggBuffer b, Object v) {
      double x = ((Number) v).doubleValue();
      double n = b.doubleAt(offset) + 1.0;
      double delta = x - b.doubleAt(offset + 1);
      double deltaN = delta / n;
      b.setDouble(offset, n);
      b.setDouble(offset + 1, b.doubleAt(offset + 1) + deltaN);
      b.setDouble(offset + 2, b.doubleAt(offset + 2) + delta * (delta - deltaN));
    }

    @Override
    void update(long[] words, int base, Object v) {
      int at = base + offset;
      double x = ((Number) v).doubleValue();
      double n = Double.longBitsToDouble(words[at]) + 1.0;
      double avg = Double.longBitsToDouble(words[at + 1]);
      double delta = x - avg;
      double deltaN = delta / n;
      words[at] = Double.doubleToRawLongBits(n);
      words[at + 1] = Double.doubleToRawLongBits(avg + deltaN);
      words[at + 2] = Double.doubleToRawLongBits(Double.longBitsToDouble(words[at + 2]) + delta * (delta - deltaN));
    }

    void merge(AggBuffer b, AggBuffer o) {
      double n1 = b.doubleAt(offset);
      double n2 = o.doubleAt(offset);
      double n = n1 + n2;
      double delta = o.doubleAt(offset + 1) - b.doubleAt(offset + 1);
      double deltaN = n == 0.0 ? 0.0 : delta / n;
      b.setDouble(offset + 1, b.doubleAt(offset + 1) + deltaN * n2);
      b.setDouble(offset + 2, b.doubleAt(offset + 2) + o.doubleAt(offset + 2) + delta * deltaN * n1 * n2);
      b.setDouble(offset, n);
    }

    Object result(AggBuffer b) {
      double n = b.doubleAt(offset);
      double m2 = b.doubleAt(offset + 2);
      switch (function) {
        case VAR_POP: return n == 0.0 ? null : m2 / n;
        case STDDEV_POP: return n == 0.0 ? null : Math.sqrt(m2 / n);
        case VAR_SAMP: return n <= 1.0 ? null : m2 / (n - 1.0);
        default: return n <= 1.0 ? null : Math.sqrt(m2 / (n - 1.0));
      }
    }

    void save(AggBuffer b, Object[] row) {
      row[offset] = b.doubleAt(offset);
      row[offset + 1] = b.doubleAt(offset + 1);
      row[offset + 2] = b.doubleAt(offset + 2);
    }

    void load(Row row, AggBuffer b) {
      b.setDouble(offset, row.getDouble(offset));
      b.setDouble(offset + 1, row.getDouble(offset + 1));
      b.setDouble(offset + 2, row.getDouble(offset + 2));
    }
  }

  /**
   * first(x[, ignoreNulls]) and last: the first (or last) value in the order rows arrive, a NULL
   * counting unless nulls are ignored (then the argument is the value alone, nulls skipped before).
   * Spark calls the result nondeterministic; here it follows input order within a batch and batch
   * order across batches.
   */
  private static final class FirstOrLast extends TwoObjectSlots {
    private final boolean first;

    FirstOrLast(String name, BoundExpression argument, boolean first) {
      super(name, argument);
      this.first = first;
    }

    List<Field> bufferFields() {
      return List.of(Field.of(name, argument.type()), new Field(name + ".seen", DataType.BOOLEAN, false));
    }

    DataType resultType() {
      return argument.type();
    }

    void init(AggBuffer b) {
      b.objects[offset] = null;
      b.objects[offset + 1] = Boolean.FALSE;
    }

    void update(AggBuffer b, Object v) {
      Object value = v instanceof AggregateArguments.Pair p ? p.value() : v;
      if (!first || !(Boolean) b.objects[offset + 1]) {
        b.objects[offset] = value;
        b.objects[offset + 1] = Boolean.TRUE;
      }
    }

    void merge(AggBuffer b, AggBuffer o) {
      if ((Boolean) o.objects[offset + 1] && (!first || !(Boolean) b.objects[offset + 1])) {
        b.objects[offset] = o.objects[offset];
        b.objects[offset + 1] = Boolean.TRUE;
      }
    }

    Object result(AggBuffer b) {
      return b.objects[offset];
    }

  }

  /** max_by(x, ordering) and min_by: x of the row with the greatest (least) ordering; rows without one are skipped. */
  private static final class ByExtreme extends TwoObjectSlots {
    private final DataType orderingType;
    private final boolean max;

    ByExtreme(String name, BoundExpression argument, DataType orderingType, boolean max) {
      super(name, argument);
      this.orderingType = orderingType;
      this.max = max;
    }

    List<Field> bufferFields() {
      return List.of(Field.of(name, argument.type()), Field.of(name + ".ordering", orderingType));
    }

    DataType resultType() {
      return argument.type();
    }

    void init(AggBuffer b) {
      b.objects[offset] = null;
      b.objects[offset + 1] = null;
    }

    void update(AggBuffer b, Object v) {
      AggregateArguments.Pair p = (AggregateArguments.Pair) v;
      offer(b, p.value(), p.ordering());
    }

    private void offer(AggBuffer b, Object value, Object ordering) {
      if (ordering == null) {
        return;
      }
      Object best = b.objects[offset + 1];
      if (best == null || (max ? compare(ordering, best) > 0 : compare(ordering, best) < 0)) {
        b.objects[offset] = value;
        b.objects[offset + 1] = ordering;
      }
    }

    void merge(AggBuffer b, AggBuffer o) {
      offer(b, o.objects[offset], o.objects[offset + 1]);
    }

    Object result(AggBuffer b) {
      return b.objects[offset];
    }

  }

  /**
   * collect_list(x) and collect_set(x): the non-NULL values in arrival order, the set keeping each
   * value once (NaN once, 0.0 and -0.0 apart, as Spark's). The list lives in state whole, so a
   * group's state grows with its values, as in Spark.
   */
  private static final class Collect extends Aggregator {
    private final boolean set;

    Collect(String name, BoundExpression argument, boolean set) {
      super(name, argument);
      this.set = set;
    }

    List<Field> bufferFields() {
      return List.of(new Field(name, DataType.array(argument.type(), false), false));
    }

    DataType resultType() {
      return DataType.array(argument.type(), false);
    }

    @Override
    boolean keepsObjects() {
      return true;
    }

    /** No list until the first value: buffers are copied from an empty one, which must share no list. */
    void init(AggBuffer b) {
      b.objects[offset] = null;
    }

    @SuppressWarnings("unchecked")
    void update(AggBuffer b, Object v) {
      java.util.List<Object> list = (java.util.List<Object>) b.objects[offset];
      if (list == null) {
        list = new java.util.ArrayList<>();
        b.objects[offset] = list;
      }
      if (!set || list.stream().noneMatch(e -> same(e, v))) {
        list.add(v);
      }
    }

    /** One value of a set: doubles by equals (NaN once, 0.0 and -0.0 apart), decimals by value. */
    private static boolean same(Object a, Object b) {
      return a instanceof java.math.BigDecimal x && b instanceof java.math.BigDecimal y ? x.compareTo(y) == 0
          : a instanceof byte[] x && b instanceof byte[] y ? java.util.Arrays.equals(x, y) : a.equals(b);
    }

    void merge(AggBuffer b, AggBuffer o) {
      java.util.List<?> other = (java.util.List<?>) o.objects[offset];
      if (other != null) {
        for (Object v : other) {
          update(b, v);
        }
      }
    }

    Object result(AggBuffer b) {
      java.util.List<?> list = (java.util.List<?>) b.objects[offset];
      return list == null ? java.util.List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(list));
    }

    void save(AggBuffer b, Object[] row) {
      row[offset] = result(b);
    }

    void load(Row row, AggBuffer b) {
      b.objects[offset] = new java.util.ArrayList<>(row.<Object>getList(offset));
    }
  }
}
