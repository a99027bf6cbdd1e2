package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * {@code unix_timestamp([x[, pattern]])}: whole seconds since the epoch, as LONG, the fraction
 * truncated toward zero as Spark does, so 1969-12-31 23:59:59.5 gives 0 (a cast to LONG gives
 * -1). Without an argument it reads the batch timestamp. Text is read by the pattern, by
 * default {@code yyyy-MM-dd HH:mm:ss}, as {@link ToTimestamp} reads it; a TIMESTAMP is taken
 * as it is.
 */
public final class UnixTimestamp extends FunctionCall {
  private static final String DEFAULT_PATTERN = "yyyy-MM-dd HH:mm:ss";
  private static final DateTimeFormatter DEFAULT_PARSER = DatetimePattern.forParsing(DEFAULT_PATTERN);

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
    DateTimeFormatter parser = pattern == null ? DEFAULT_PARSER : ToTimestamp.parser(pattern, this);
    return new Bound(ToTimestamp.parsing(child.bind(input), child, parser, this));
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
      // Integer division truncates toward zero, as Spark's does; Timestamps.seconds would floor.
      return v == null ? null : (Long) v / Timestamps.MICROS_PER_SECOND;
    }
  }
}
