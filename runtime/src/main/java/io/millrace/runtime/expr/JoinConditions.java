package io.millrace.runtime.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a join condition says, read off its unresolved expression: its conjuncts, which of them
 * equate a column with a column (join keys), and which bound one time column against another
 * (a range condition such as {@code rts BETWEEN lts AND lts + INTERVAL 15 MINUTES}), as Spark's
 * {@code ExtractEquiJoinKeys} and {@code StreamingJoinHelper} read them. Nothing here decides
 * which side a column belongs to; the join's plan does.
 */
public final class JoinConditions {
  private JoinConditions() {}

  /** {@code e} split at its top-level ANDs, left to right. */
  public static List<Expression> conjuncts(Expression e) {
    List<Expression> out = new ArrayList<>();
    split(e, out);
    return out;
  }

  private static void split(Expression e, List<Expression> out) {
    if (e instanceof Logical l && l.op() == Logical.Op.AND) {
      split(l.left(), out);
      split(l.right(), out);
    } else if (e instanceof Between b) {
      out.addAll(b.comparisons());
    } else {
      out.add(e);
    }
  }

  /** Two columns said to be equal ({@code a = b}); not the null-safe {@code <=>}. */
  public record ColumnEquality(String a, String b) {}

  public static Optional<ColumnEquality> columnEquality(Expression conjunct) {
    if (conjunct instanceof Comparison c && c.op() == Comparison.Op.EQ && c.left() instanceof ColumnRef a
        && c.right() instanceof ColumnRef b) {
      return Optional.of(new ColumnEquality(a.name(), b.name()));
    }
    return Optional.empty();
  }

  /**
   * A bound on {@code later - earlier}, two time columns, in microseconds: at least
   * {@code micros} ({@code lower}) or at most, exclusive of it when {@code strict}.
   */
  public record TimeBound(boolean lower, long micros, boolean strict) {}

  /**
   * The bounds {@code conjunct} puts on {@code later - earlier}: none unless it compares the two
   * columns, each plus or minus a fixed interval (no months, which have no fixed length); two for
   * an equality.
   */
  public static List<TimeBound> timeBounds(Expression conjunct, String earlier, String later) {
    if (!(conjunct instanceof Comparison c) || c.op() == Comparison.Op.NE || c.op() == Comparison.Op.EQ_NULL_SAFE) {
      return List.of();
    }
    Optional<Offset> x = offset(c.left());
    Optional<Offset> y = offset(c.right());
    if (x.isEmpty() || y.isEmpty()) {
      return List.of();
    }
    Comparison.Op op;
    long micros;
    if (x.get().column.equals(later) && y.get().column.equals(earlier)) {
      // later + dx OP earlier + dy  =>  later - earlier OP dy - dx
      op = c.op();
      micros = y.get().micros - x.get().micros;
    } else if (x.get().column.equals(earlier) && y.get().column.equals(later)) {
      // earlier + dx OP later + dy  =>  later - earlier FLIPPED(OP) dx - dy
      op = flipped(c.op());
      micros = x.get().micros - y.get().micros;
    } else {
      return List.of();
    }
    switch (op) {
      case GE: return List.of(new TimeBound(true, micros, false));
      case GT: return List.of(new TimeBound(true, micros, true));
      case LE: return List.of(new TimeBound(false, micros, false));
      case LT: return List.of(new TimeBound(false, micros, true));
      default: return List.of(new TimeBound(true, micros, false), new TimeBound(false, micros, false)); // EQ
    }
  }

  private static Comparison.Op flipped(Comparison.Op op) {
    switch (op) {
      case LT: return Comparison.Op.GT;
      case LE: return Comparison.Op.GE;
      case GT: return Comparison.Op.LT;
      case GE: return Comparison.Op.LE;
      default: return op;
    }
  }

  /** A column plus a fixed number of microseconds. */
  private record Offset(String column, long micros) {}

  private static Optional<Offset> offset(Expression e) {
    if (e instanceof ColumnRef c) {
      return Optional.of(new Offset(c.name(), 0));
    }
    if (e instanceof Arithmetic a && (a.op() == Arithmetic.Op.ADD || a.op() == Arithmetic.Op.SUBTRACT)) {
      if (a.right() instanceof IntervalLiteral i && i.months() == 0) {
        return offset(a.left()).map(o -> new Offset(o.column, o.micros
            + (a.op() == Arithmetic.Op.ADD ? i.micros() : -i.micros())));
      }
      if (a.op() == Arithmetic.Op.ADD && a.left() instanceof IntervalLiteral i && i.months() == 0) {
        return offset(a.right()).map(o -> new Offset(o.column, o.micros + i.micros()));
      }
    }
    return Optional.empty();
  }
}
