package io.millrace.runtime.plan;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.expr.JoinConditions;
import io.millrace.runtime.state.JoinSchemas;
import io.millrace.runtime.state.JoinType;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A stream joined with a static table, as Spark's stream-static join: stateless, each stream row
 * joined with the table's rows as the running batch sees them ({@link StaticTable#current()}).
 * The condition's equalities of a stream column with a table column are looked up in a hash
 * index of the table ({@link StaticIndex}); without one, every table row is tried. Spark's
 * support matrix: with the stream on the left, inner, left outer, left semi and left anti; with
 * the stream on the right, inner and right outer.
 */
public final class StaticJoin implements RowPipeline.Generator {
  private final JoinType type;
  private final boolean streamLeft;
  private final Schema stream;
  private final Schema table;
  private final Schema output;
  private final int[] streamKeys;
  private final int[] tableKeys;
  private final BoundExpression condition;
  private final String conditionText;
  private final StaticIndex index;

  private StaticJoin(JoinType type, boolean streamLeft, Schema stream, Schema table, Schema output, int[] streamKeys,
      int[] tableKeys, BoundExpression condition, String conditionText, StaticTable source, RowPipeline tableRows) {
    this.type = type;
    this.streamLeft = streamLeft;
    this.stream = stream;
    this.table = table;
    this.output = output;
    this.streamKeys = streamKeys;
    this.tableKeys = tableKeys;
    this.condition = condition;
    this.conditionText = conditionText;
    this.index = new StaticIndex(source, tableRows, tableKeys);
  }

  /**
   * Binds a join of {@code left} and {@code right}, one of them the static table whose rows
   * {@code tableRows} makes of {@code source}'s.
   *
   * @throws AnalysisException for a join type Spark does not run with a stream on this side,
   *     columns of one name on both sides, or a condition that is not BOOLEAN
   */
  static StaticJoin bind(JoinType type, Expression condition, Schema left, Schema right, boolean streamLeft,
      StaticTable source, RowPipeline tableRows) {
    checkSupported(type, streamLeft);
    BoundExpression bound = JoinSchemas.bindCondition(condition, left, right);
    Schema stream = streamLeft ? left : right;
    Schema table = streamLeft ? right : left;
    List<Integer> sk = new ArrayList<>();
    List<Integer> tk = new ArrayList<>();
    for (Expression c : JoinConditions.conjuncts(condition)) {
      JoinConditions.columnEquality(c).ifPresent(eq -> {
        int sa = indexOf(stream, eq.a());
        int tb = indexOf(table, eq.b());
        int sb = indexOf(stream, eq.b());
        int ta = indexOf(table, eq.a());
        int s = sa >= 0 && tb >= 0 ? sa : sb >= 0 && ta >= 0 ? sb : -1;
        int t = sa >= 0 && tb >= 0 ? tb : sb >= 0 && ta >= 0 ? ta : -1;
        // keys of two types compare through a cast the condition does itself, and nested values
        // by the condition's own comparison: no index on them, the condition decides
        if (s >= 0 && stream.field(s).type().equals(table.field(t).type()) && atomic(stream.field(s).type())) {
          sk.add(s);
          tk.add(t);
        }
      });
    }
    Schema output = type == JoinType.LEFT_SEMI || type == JoinType.LEFT_ANTI ? left
        : JoinSchemas.concat(left, right, type == JoinType.RIGHT_OUTER, type == JoinType.LEFT_OUTER);
    return new StaticJoin(type, streamLeft, stream, table, output, JoinSchemas.toArray(sk),
        JoinSchemas.toArray(tk), bound,
        condition.toString(), source, tableRows);
  }

  /** The column {@code name} names, as a column reference resolves it: exactly, else the one that matches ignoring case. */
  private static int indexOf(Schema schema, String name) {
    int exact = schema.indexOf(name);
    if (exact >= 0) {
      return exact;
    }
    int found = -1;
    for (int i = 0; i < schema.size(); i++) {
      if (schema.field(i).name().equalsIgnoreCase(name)) {
        if (found >= 0) {
          return -1;
        }
        found = i;
      }
    }
    return found;
  }

  private static boolean atomic(DataType type) {
    return type.kind() != DataType.Kind.ARRAY && type.kind() != DataType.Kind.MAP
        && type.kind() != DataType.Kind.STRUCT;
  }

  /** Spark's {@code UnsupportedOperationChecker} for a stream joined with a static table, in its words. */
  private static void checkSupported(JoinType type, boolean streamLeft) {
    boolean supported = streamLeft
        ? type == JoinType.INNER || type == JoinType.LEFT_OUTER || type == JoinType.LEFT_SEMI
            || type == JoinType.LEFT_ANTI
        : type == JoinType.INNER || type == JoinType.RIGHT_OUTER;
    if (!supported) {
      throw new AnalysisException("join type " + type.sparkName() + " with a streaming dataset on the "
          + (streamLeft ? "left and a static dataset on the right" : "right and a static dataset on the left")
          + " is not supported"
          + " (as in Spark: the static side's unmatched rows would have to wait for the end of the stream);"
          + " supported: " + (streamLeft ? "inner, leftOuter, leftSemi, leftAnti"
              : "inner, rightOuter") + ", or put the stream on the " + (streamLeft ? "right" : "left"));
    }
  }

  public Schema outputSchema() {
    return output;
  }

  @Override
  public void generate(Row row, EvalContext context, Consumer<Row> out) {
    List<Row> candidates = index.candidates(row, streamKeys, context);
    boolean matched = false;
    for (Row t : candidates) {
      Row pair = streamLeft ? pair(row, t) : pair(t, row);
      if (Boolean.TRUE.equals(condition.eval(pair, context))) {
        matched = true;
        if (type == JoinType.LEFT_SEMI || type == JoinType.LEFT_ANTI) {
          break;
        }
        out.accept(pair);
      }
    }
    if (type == JoinType.LEFT_SEMI && matched || type == JoinType.LEFT_ANTI && !matched) {
      out.accept(row);
    } else if (!matched && (type == JoinType.LEFT_OUTER || type == JoinType.RIGHT_OUTER)) {
      out.accept(streamLeft ? pair(row, null) : pair(null, row));
    }
  }

  private Row pair(Row l, Row r) {
    Schema left = streamLeft ? stream : table;
    Schema right = streamLeft ? table : stream;
    Object[] values = new Object[left.size() + right.size()];
    for (int i = 0; i < left.size(); i++) {
      values[i] = l == null ? null : l.get(i);
    }
    for (int i = 0; i < right.size(); i++) {
      values[left.size() + i] = r == null ? null : r.get(i);
    }
    return Row.wrap(values);
  }

  @Override
  public String toString() {
    return type + (streamLeft ? " stream with " : " static with stream ") + "on " + conditionText;
  }
}
