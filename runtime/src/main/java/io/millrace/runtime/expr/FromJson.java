package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code from_json(text, schema[, options])}: a record that does not fit the schema is a struct of
 * NULLs (NULL for an array or map), Spark's PERMISSIVE mode, or fails the query in FAILFAST.
 * Over {@code CAST(value AS STRING)} of a BINARY column, how a Kafka job reads its values, the
 * bytes are parsed as they are, without the String the cast would make.
 */
final class FromJson extends FunctionCall {
  private final DataType type;
  private final boolean failFast;

  FromJson(Expression text, Expression schema, DataType type, boolean failFast) {
    super("from_json", List.of(text, schema));
    this.type = type;
    this.failFast = failFast;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression text = args.get(0);
    BoundExpression source = null;
    if (text instanceof Cast cast && cast.target().kind() == DataType.Kind.STRING) {
      BoundExpression uncast = cast.child().bind(input);
      if (uncast.type().kind() == DataType.Kind.BINARY) {
        source = uncast;
      }
    }
    if (source == null) {
      source = SimpleFunction.Arg.STRING.coerce(text.bind(input), text, this);
    }
    return new Bound(type, source, new JsonValueReader(type), failFast);
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression source;
    private final JsonValueReader reader;
    private final boolean failFast;

    Bound(DataType type, BoundExpression source, JsonValueReader reader, boolean failFast) {
      super(type, true);
      this.source = source;
      this.reader = reader;
      this.failFast = failFast;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object text = source.eval(row, context);
      if (text == null) {
        return null;
      }
      try {
        return text instanceof byte[] bytes ? reader.read(bytes) : reader.read((String) text);
      } catch (JsonValueReader.Malformed e) {
        if (failFast) {
          String shown = text instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : (String) text;
          shown = shown.length() > 200 ? shown.substring(0, 200) + "..." : shown;
          throw new IllegalArgumentException("from_json in mode FAILFAST: malformed record '" + shown
              + "' does not fit " + type() + " (mode PERMISSIVE, the default, gives NULLs instead)");
        }
        context.count(ExpressionCounts.MALFORMED_FROM_JSON, 1);
        return type().kind() == DataType.Kind.STRUCT ? Row.wrap(new Object[type().fields().size()]) : null;
      }
    }
  }
}
