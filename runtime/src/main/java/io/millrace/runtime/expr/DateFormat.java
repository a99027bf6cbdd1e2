package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * {@code date_format(ts, pattern)}: a TIMESTAMP (or text a cast reads as one) as text in a
 * {@link DatetimePattern}, in UTC.
 */
public final class DateFormat extends FunctionCall {
  private final String pattern;

  public DateFormat(Expression child, String pattern) {
    super("date_format", List.of(child, Literal.from(pattern)));
    this.pattern = pattern;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    DateTimeFormatter formatter;
    try {
      formatter = DatetimePattern.forFormatting(pattern);
    } catch (IllegalArgumentException e) {
      throw TypeCoercion.error(this, "invalid datetime pattern '" + pattern + "': " + e.getMessage());
    }
    return new Bound(TypeCoercion.asTimestamp(child.bind(input), child, this), formatter);
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;
    private final DateTimeFormatter formatter;

    Bound(BoundExpression child, DateTimeFormatter formatter) {
      super(DataType.STRING, child.nullable());
      this.child = child;
      this.formatter = formatter;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      return v == null ? null : formatter.format(Timestamps.instant((Long) v));
    }
  }
}
