package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code unix_timestamp([x[, pattern]])}: whole seconds since the epoch, as LONG. Without an
 * argument it reads the batch timestamp; text is parsed as {@link ToTimestamp} parses it.
 */
public final class UnixTimestamp extends FunctionCall {
  private final String pattern;

  public UnixTimestamp() {
    super("unix_timestamp", List.of());
    this.pattern = null;
  }

  public UnixTimestamp(Expression child) {
    super("unix_timestamp", List.of(child));
    this.pattern = null;
  }

  public UnixTimestamp(Expression child, String pattern) {
    super("unix_timestamp", List.of(child, Literal.from(pattern)));
    this.pattern = pattern;
  }

  @Override
  public BoundExpression bind(Schema input) {
    if (args.isEmpty()) {
      return new Bound(new CurrentTimestamp().bind(input));
    }
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    return new Bound(pattern == null
        ? TypeCoercion.asTimestamp(bound, child, this)
        : ToTimestamp.parsing(bound, child, pattern, this));
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;

    Bound(BoundExpression child) {
      super(DataType.LONG, child.nullable());
      this.child = child;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      return v == null ? null : Timestamps.seconds((Long) v);
    }
  }
}
