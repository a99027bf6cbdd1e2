package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * {@code to_timestamp(x[, pattern])}. Without a pattern, text is read as a cast reads it and a
 * number as seconds since the epoch; with one, text is read by the {@link DatetimePattern}, in
 * UTC unless the text names a zone. A TIMESTAMP is itself either way. Text that does not parse
 * gives NULL, as in Spark.
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
    if (pattern != null) {
      return parsing(bound, child, parser(pattern, this), this);
    }
    boolean castable = TypeCoercion.isUntypedNull(bound) || bound.type().isNumeric()
        || bound.type().kind() == DataType.Kind.STRING || bound.type().kind() == DataType.Kind.TIMESTAMP;
    if (!castable) {
      throw TypeCoercion.error(this, child + " is " + bound.type() + " but STRING, TIMESTAMP or a number is needed");
    }
    return Cast.coerce(bound, DataType.TIMESTAMP);
  }

  /**
   * {@code text} read by {@code parser}, or a TIMESTAMP as it is; {@code whole} is the
   * expression to blame for any other type.
   */
  static BoundExpression parsing(BoundExpression text, Expression source, DateTimeFormatter parser, Expression whole) {
    DataType.Kind kind = TypeCoercion.isUntypedNull(text) ? DataType.Kind.STRING : text.type().kind();
    if (kind == DataType.Kind.TIMESTAMP) {
      return text;
    }
    if (kind != DataType.Kind.STRING) {
      throw TypeCoercion.error(whole, source + " is " + text.type() + " but STRING or TIMESTAMP is needed");
    }
    return new Bound(Cast.coerce(text, DataType.STRING), parser);
  }

  /** The parser for a user's pattern; a pattern Spark refuses fails the expression at bind time. */
  static DateTimeFormatter parser(String pattern, Expression whole) {
    try {
      return DatetimePattern.forParsing(pattern);
    } catch (IllegalArgumentException e) {
      throw TypeCoercion.error(whole, "invalid datetime pattern '" + pattern + "': " + e.getMessage());
    }
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;
    private final DateTimeFormatter parser;

    Bound(BoundExpression child, DateTimeFormatter parser) {
      super(DataType.TIMESTAMP, true);
      this.child = child;
      this.parser = parser;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      return v == null ? null : DatetimePattern.parse(parser, (String) v);
    }
  }
}
