package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** {@code date_format(ts, pattern)}: a TIMESTAMP as text in a java.time pattern, in UTC. */
public final class DateFormat extends FunctionCall {
  private final String pattern;

  public DateFormat(Expression child, String pattern) {
    super("date_format", List.of(child, Literal.from(pattern)));
    this.pattern = pattern;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    return new Bound(TypeCoercion.asTimestamp(child.bind(input), child, this), ToTimestamp.formatter(pattern, this));
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
