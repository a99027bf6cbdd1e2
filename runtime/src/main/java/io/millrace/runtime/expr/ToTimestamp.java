package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.DateTimeException;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * {@code to_timestamp(text[, pattern])}. Without a pattern the text is read as ISO-8601, as a
 * cast reads it; with one, by a java.time pattern in UTC unless the text carries a zone. Text
 * that does not parse gives NULL.
 */
public final class ToTimestamp extends FunctionCall {
  private final String pattern;

  public ToTimestamp(Expression child) {
    super("to_timestamp", List.of(child));
    this.pattern = null;
  }

  public ToTimestamp(Expression child, String pattern) {
    super("to_timestamp", List.of(child, Literal.from(pattern)));
    this.pattern = pattern;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    if (pattern == null) {
      return TypeCoercion.asTimestamp(bound, child, this);
    }
    return parsing(bound, child, pattern, this);
  }

  /** {@code text} parsed by {@code pattern}; {@code whole} is the expression to blame. */
  static BoundExpression parsing(BoundExpression text, Expression source, String pattern, Expression whole) {
    return new Bound(TypeCoercion.asString(text, source, whole), formatter(pattern, whole));
  }

  /** The formatter for a user's pattern; a bad pattern fails the expression at bind time. */
  static DateTimeFormatter formatter(String pattern, Expression whole) {
    try {
      return Timestamps.formatter(pattern);
    } catch (IllegalArgumentException e) {
      throw TypeCoercion.error(whole, "invalid datetime pattern '" + pattern + "': " + e.getMessage());
    }
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;
    private final DateTimeFormatter formatter;

    Bound(BoundExpression child, DateTimeFormatter formatter) {
      super(DataType.TIMESTAMP, true);
      this.child = child;
      this.formatter = formatter;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      try {
        return Timestamps.toMicros(formatter.parse(((String) v).trim()));
      } catch (DateTimeException | ArithmeticException e) {
        return null;
      }
    }
  }
}
