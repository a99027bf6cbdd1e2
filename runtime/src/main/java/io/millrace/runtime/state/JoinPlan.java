package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.expr.JoinConditions;
import io.millrace.runtime.expr.JoinConditions.TimeBound;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A stream-stream join, bound: its type, the key columns of each side (the condition's
 * equalities of a left column with a right one), the whole condition over the joined row, and
 * how long each side's rows can still match (Spark's state value watermarks). With the
 * watermark {@code W} every later row of a side has an event time above {@code W} (the rest
 * are late and dropped), so for a condition {@code R - Lc <= U} (R the right side's watermarked
 * event time, Lc a left time column) no left row with {@code Lc <= W - U} can match again; and
 * for {@code Rc - L >= D} (L the left side's watermarked event time) no right row with
 * {@code Rc <= W + D}. Like Spark, a bound that is not strict keeps rows 1 ms longer.
 */
public final class JoinPlan {
  private final JoinType type;
  private final Schema left;
  private final Schema right;
  private final Schema output;
  private final int[] leftKeys;
  private final int[] rightKeys;
  private final Schema keySchema;
  private final BoundExpression condition;
  private final String conditionText;
  /** Each side's watermarked event-time column. */
  private final TimeColumn leftEventTime;
  private final TimeColumn rightEventTime;
  /** The left column that bounds how long a left row can match, and by how much. */
  private final TimeColumn leftStateColumn;
  private final long leftStateOffset;
  private final TimeColumn rightStateColumn;
  private final long rightStateOffset;

  private JoinPlan(JoinType type, Schema left, Schema right, Schema output, int[] leftKeys, int[] rightKeys,
      Schema keySchema, BoundExpression condition, String conditionText, TimeColumn leftEventTime,
      TimeColumn rightEventTime, TimeColumn leftStateColumn, long leftStateOffset, TimeColumn rightStateColumn,
      long rightStateOffset) {
    this.type = type;
    this.left = left;
    this.right = right;
    this.output = output;
    this.leftKeys = leftKeys;
    this.rightKeys = rightKeys;
    this.keySchema = keySchema;
    this.condition = condition;
    this.conditionText = conditionText;
    this.leftEventTime = leftEventTime;
    this.rightEventTime = rightEventTime;
    this.leftStateColumn = leftStateColumn;
    this.leftStateOffset = leftStateOffset;
    this.rightStateColumn = rightStateColumn;
    this.rightStateOffset = rightStateOffset;
  }

  /**
   * Binds a join of {@code left} and {@code right} on {@code condition}; each side's
   * watermarked event-time column is given where the side has one.
   *
   * @throws AnalysisException for a condition without an equality of the two sides or columns of
   *     one name on both sides; whether the join type can run is {@link #checkSupported}'s to say,
   *     at start, as Spark's schema() answers for a join its start() refuses
   */
  public static JoinPlan bind(JoinType type, Expression condition, Schema left, Schema right,
      Optional<String> leftEventTime, Optional<String> rightEventTime) {
    if (type == JoinType.LEFT_ANTI) {
      throw new AnalysisException("join type leftAnti is not supported between two streams (Spark does not run it"
          + " either; it is for a stream joined with a static table); supported: inner, leftOuter, rightOuter,"
          + " fullOuter, leftSemi");
    }
    BoundExpression bound = JoinSchemas.bindCondition(condition, left, right);
    List<Integer> lk = new ArrayList<>();
    List<Integer> rk = new ArrayList<>();
    List<Field> keyFields = new ArrayList<>();
    List<Expression> conjuncts = JoinConditions.conjuncts(condition);
    for (Expression c : conjuncts) {
      JoinConditions.columnEquality(c).ifPresent(eq -> {
        int la = left.indexOf(eq.a());
        int rb = right.indexOf(eq.b());
        int lb = left.indexOf(eq.b());
        int ra = right.indexOf(eq.a());
        int l = la >= 0 && rb >= 0 ? la : lb >= 0 && ra >= 0 ? lb : -1;
        int r = la >= 0 && rb >= 0 ? rb : lb >= 0 && ra >= 0 ? ra : -1;
        if (l < 0) {
          return;
        }
        DataType lt = left.field(l).type();
        DataType rt = right.field(r).type();
        if (!lt.equals(rt)) {
          throw new AnalysisException("join key " + left.field(l).name() + " = " + right.field(r).name() + " compares "
              + lt + " with " + rt + "; cast one side so that both keys have one type");
        }
        lk.add(l);
        rk.add(r);
        keyFields.add(new Field("key" + keyFields.size() + "_" + left.field(l).name(), lt, true));
      });
    }
    if (lk.isEmpty()) {
      throw new AnalysisException("a join of two streams needs an equality of a column of each side in its condition"
          + " (as Spark's stream-stream join); '" + condition + "' has none. Left columns: " + left.names()
          + ", right columns: " + right.names());
    }
    int let = leftEventTime.map(left::indexOf).orElse(-1);
    int ret = rightEventTime.map(right::indexOf).orElse(-1);
    TimeColumn leftTime = TimeColumn.of(left, let);
    TimeColumn rightTime = TimeColumn.of(right, ret);
    for (int i = 0; i < lk.size(); i++) {
      if ((lk.get(i) == let || rk.get(i) == ret) && TimeColumn.holdsTime(left.field(lk.get(i)).type())) {
        // A key that carries a watermark bounds both sides, as Spark's key watermark predicate:
        // equal keys mean equal times, so a row at or before the watermark can match no later row.
        // A window key is past the watermark when its end is, as in Spark.
        return new JoinPlan(type, left, right, output(type, left, right), JoinSchemas.toArray(lk),
            JoinSchemas.toArray(rk), Schema.of(keyFields), bound, condition.toString(), leftTime, rightTime,
            TimeColumn.of(left, lk.get(i)), 0, TimeColumn.of(right, rk.get(i)), 0);
      }
    }
    // Left rows end by a bound of (right event time - a left time column) from above.
    int leftState = -1;
    long leftOffset = 0;
    if (ret >= 0 && right.field(ret).type() == DataType.TIMESTAMP) {
      for (int i = 0; i < left.size(); i++) {
        if (left.field(i).type() != DataType.TIMESTAMP) {
          continue;
        }
        Optional<TimeBound> upper = tightest(conjuncts, left.field(i).name(), right.field(ret).name(), false);
        if (upper.isPresent() && (leftState < 0 || offset(upper.get()) < leftOffset)) {
          leftState = i;
          leftOffset = offset(upper.get());
        }
      }
    }
    // Right rows end by a bound of (a right time column - left event time) from below.
    int rightState = -1;
    long rightOffset = 0;
    if (let >= 0 && left.field(let).type() == DataType.TIMESTAMP) {
      for (int i = 0; i < right.size(); i++) {
        if (right.field(i).type() != DataType.TIMESTAMP) {
          continue;
        }
        Optional<TimeBound> lower = tightest(conjuncts, left.field(let).name(), right.field(i).name(), true);
        if (lower.isPresent() && (rightState < 0 || offset(lower.get()) > rightOffset)) {
          rightState = i;
          rightOffset = offset(lower.get());
        }
      }
    }
    return new JoinPlan(type, left, right, output(type, left, right), JoinSchemas.toArray(lk),
        JoinSchemas.toArray(rk), Schema.of(keyFields), bound, condition.toString(), leftTime, rightTime,
        TimeColumn.of(left, leftState), leftOffset, TimeColumn.of(right, rightState), rightOffset);
  }

  /** The tightest bound of {@code later - earlier} from below (lower) or above in {@code conjuncts}. */
  private static Optional<TimeBound> tightest(List<Expression> conjuncts, String earlier, String later, boolean lower) {
    Optional<TimeBound> best = Optional.empty();
    for (Expression c : conjuncts) {
      for (TimeBound b : JoinConditions.timeBounds(c, earlier, later)) {
        if (b.lower() == lower && (best.isEmpty() || tighter(b, best.get()))) {
          best = Optional.of(b);
        }
      }
    }
    return best;
  }

  private static boolean tighter(TimeBound a, TimeBound b) {
    if (a.micros() != b.micros()) {
      return a.lower() ? a.micros() > b.micros() : a.micros() < b.micros();
    }
    return a.strict() && !b.strict();
  }

  /**
   * How far a side's state watermark lies from the watermark, as Spark's
   * {@code StreamingJoinHelper} computes it: by the bound, and a millisecond more for a bound
   * that is not strict (Spark keeps a row exactly at the bound one batch longer).
   */
  private static long offset(TimeBound b) {
    return b.micros() + (b.strict() ? 0 : b.lower() ? -1000 : 1000);
  }

  /**
   * Spark's support matrix, checked when a query starts: an outer or semi join must be able to
   * tell when a row of its outer side can no longer match; for a full outer join Spark asks that
   * of one side only.
   *
   * @throws AnalysisException naming what is missing
   */
  public void checkSupported() {
    if ((type == JoinType.LEFT_OUTER || type == JoinType.LEFT_SEMI) && !leftStateColumn.present()) {
      throw unsupported("left", "right", !rightEventTime.present());
    }
    if (type == JoinType.RIGHT_OUTER && !rightStateColumn.present()) {
      throw unsupported("right", "left", !leftEventTime.present());
    }
    if (type == JoinType.FULL_OUTER && !leftStateColumn.present() && !rightStateColumn.present()) {
      throw unsupported("left or right", "other", !rightEventTime.present() && !leftEventTime.present());
    }
  }

  private AnalysisException unsupported(String side, String other, boolean otherHasNoWatermark) {
    return new AnalysisException("a " + type + " join of two streams needs to know when a " + side + " row can no"
        + " longer match, to emit it " + (type == JoinType.LEFT_SEMI ? "or forget it" : "with nulls") + " (as Spark's"
        + " stream-stream " + type + " join): " + (otherHasNoWatermark
            ? "the " + other + " side has no watermark (withWatermark on its event time)"
            : "the condition '" + conditionText + "' does not bound the " + other + " side's event time against a "
                + side + " time column, such as " + (side.equals("left")
                    ? "rightTime <= leftTime + INTERVAL 15 MINUTES"
                    : "rightTime >= leftTime")));
  }

  private static Schema output(JoinType type, Schema left, Schema right) {
    if (type == JoinType.LEFT_SEMI) {
      return left;
    }
    return JoinSchemas.concat(left, right, type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER,
        type == JoinType.LEFT_OUTER || type == JoinType.FULL_OUTER);
  }

  public JoinType type() {
    return type;
  }

  public Schema left() {
    return left;
  }

  public Schema right() {
    return right;
  }

  public Schema outputSchema() {
    return output;
  }

  public Schema keySchema() {
    return keySchema;
  }

  /** What the state keeps a row as: the row and whether it has matched, for each side. */
  public Schema valueSchema() {
    return Schema.of(Field.of("left", DataType.struct(left)), Field.of("right", DataType.struct(right)),
        Field.of("matched", DataType.BOOLEAN));
  }

  /** The names of {@code side}'s key columns, in key order. */
  public List<String> keyColumns(int side) {
    List<String> names = new ArrayList<>();
    for (int k : keys(side)) {
      names.add(side(side).field(k).name());
    }
    return names;
  }

  /**
   * Whether rows of {@code side} with a null key can matter: only on a side whose unmatched
   * rows are emitted. Elsewhere Spark filters them out ({@code isnotnull} inferred from the
   * equality) below the watermark, so they neither reach the join nor move the watermark.
   */
  public boolean keepsNullKeys(int side) {
    return side == 0 ? type.emitsUnmatchedLeft() : type.emitsUnmatchedRight();
  }

  int[] keys(int side) {
    return side == 0 ? leftKeys : rightKeys;
  }

  Schema side(int side) {
    return side == 0 ? left : right;
  }

  /** Whether a row of {@code side} has a null key column: it can never match (SQL's = on NULL). */
  boolean nullKey(int side, Row row) {
    for (int k : keys(side)) {
      if (row.isNullAt(k)) {
        return true;
      }
    }
    return false;
  }

  /** Whether an input row of {@code side} is too late for the batch's late-row watermark. */
  boolean late(int side, Row row, long watermarkMicros) {
    TimeColumn column = side == 0 ? leftEventTime : rightEventTime;
    if (watermarkMicros == Long.MIN_VALUE || column.isNullIn(row)) {
      return false;
    }
    return column.micros(row) <= watermarkMicros;
  }

  /** Whether rows of {@code side} ever leave state, given a watermark. */
  public boolean evicts(int side) {
    return stateTimeColumn(side).present();
  }

  /** The column whose value orders a row of {@code side} in state by how long it can match. */
  TimeColumn stateTimeColumn(int side) {
    return side == 0 ? leftStateColumn : rightStateColumn;
  }

  /**
   * The time at or before which rows of {@code side} can no longer match, under the eviction
   * watermark {@code watermarkMicros}; {@code Long.MIN_VALUE} when none can be dropped.
   */
  long stateWatermark(int side, long watermarkMicros) {
    if (watermarkMicros == Long.MIN_VALUE || !evicts(side)) {
      return Long.MIN_VALUE;
    }
    return side == 0 ? watermarkMicros - leftStateOffset : watermarkMicros + rightStateOffset;
  }

  /**
   * What the join guarantees about the event times of the rows it emits, given its input
   * watermark, as Spark's {@code produceOutputWatermark}: the least of the input watermark and
   * each side's state watermark, for a side with a watermarked event time whose rows the
   * condition bounds (a joined or outer row is emitted no later than its rows can still match,
   * so its event times lie above those). A join without time bounds hands on its input
   * watermark unchanged, as in Spark.
   */
  public long outputWatermarkMs(long inputWatermarkMs) {
    long out = inputWatermarkMs;
    for (int side = 0; side < 2; side++) {
      if ((side == 0 ? leftEventTime : rightEventTime).present() && evicts(side)) {
        out = Math.min(out, Math.floorDiv(stateWatermark(side, inputWatermarkMs * 1000), 1000));
      }
    }
    return out;
  }

  /**
   * Whether a row of {@code side} is already past its side's state watermark: it can match
   * nothing to come, so it is not kept. A row whose time is null never expires, as in Spark.
   */
  boolean expired(int side, Row row, long stateWatermark) {
    TimeColumn column = stateTimeColumn(side);
    return stateWatermark != Long.MIN_VALUE && !column.isNullIn(row) && column.micros(row) <= stateWatermark;
  }

  /**
   * A left row {@code l} next to a right row {@code r}, either null for an unmatched row: what
   * the condition is evaluated on, and what an inner or outer join emits.
   */
  Row pair(Row l, Row r) {
    Object[] values = new Object[left.size() + right.size()];
    for (int i = 0; i < left.size(); i++) {
      values[i] = l == null ? null : l.get(i);
    }
    for (int i = 0; i < right.size(); i++) {
      values[left.size() + i] = r == null ? null : r.get(i);
    }
    return Row.wrap(values);
  }

  /** Whether the rows of {@code pair} match: the whole condition is TRUE for it. */
  boolean matches(Row pair, EvalContext context) {
    return Boolean.TRUE.equals(condition.eval(pair, context));
  }

  @Override
  public String toString() {
    return type + " on " + conditionText;
  }
}
