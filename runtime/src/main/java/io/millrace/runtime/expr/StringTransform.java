package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Locale;

/**
 * The string-to-string functions {@code upper}, {@code lower}, {@code trim}, {@code ltrim} and
 * {@code rtrim}. Case mapping is locale-independent; trimming removes spaces (U+0020) only,
 * as Spark's does.
 */
public final class StringTransform extends FunctionCall {

  /** Which transform, named as the SQL function. */
  public enum Op {
    UPPER, LOWER, TRIM, LTRIM, RTRIM;

    String sqlName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Op op;

  public StringTransform(Op op, Expression child) {
    super(op.sqlName(), List.of(child));
    this.op = op;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    return new Bound(op, TypeCoercion.asString(child.bind(input), child, this));
  }

  static String apply(Op op, String s) {
    switch (op) {
      case UPPER: return s.toUpperCase(Locale.ROOT);
      case LOWER: return s.toLowerCase(Locale.ROOT);
      case TRIM:
        int start = leadingSpaces(s);
        return start == s.length() ? "" : s.substring(start, s.length() - trailingSpaces(s));
      case LTRIM: return s.substring(leadingSpaces(s));
      default: return s.substring(0, s.length() - trailingSpaces(s));
    }
  }

  private static int leadingSpaces(String s) {
    int i = 0;
    while (i < s.length() && s.charAt(i) == ' ') {
      i++;
    }
    return i;
  }

  private static int trailingSpaces(String s) {
    int i = 0;
    while (i < s.length() && s.charAt(s.length() - 1 - i) == ' ') {
      i++;
    }
    return i;
  }

  private static final class Bound extends BoundNode {
    private final Op op;
    private final BoundExpression child;

    Bound(Op op, BoundExpression child) {
      super(DataType.STRING, child.nullable());
      this.op = op;
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      return v == null ? null : apply(op, (String) v);
    }
  }
}
