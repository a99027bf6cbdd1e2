package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;

/**
 * {@code format_string(format, x, ..)} and {@code printf}: Java's {@link String#format} in the
 * US locale, as Spark's. The arguments are passed as their values: numbers, BOOLEAN and STRING
 * as themselves, a NULL as {@code null} (printed {@code null}), and, as in Spark, a DATE as its
 * days and a TIMESTAMP as its microseconds since the epoch. A DECIMAL is a BigDecimal, so
 * {@code %s} prints it as Spark does and, beyond Spark (where it fails), {@code %.2f} formats
 * it. BINARY, ARRAY, MAP and STRUCT arguments are refused: Spark prints its internal objects for
 * them. A constant format is tried on the arguments' types when the call is bound, so one that
 * does not fit them ({@code %d} of a STRING, a missing argument, {@code %0$s}) fails there; a
 * value-dependent failure fails the row. A NULL format gives NULL.
 */
public final class FormatString extends FunctionCall {

  public FormatString(String name, List<Expression> args) {
    super(name, args);
  }

  @Override
  public BoundExpression bind(Schema input) {
    if (args.isEmpty()) {
      throw TypeCoercion.error(this, functionName() + " needs a format");
    }
    BoundExpression format = TypeCoercion.asString(args.get(0).bind(input), args.get(0), this);
    BoundExpression[] values = new BoundExpression[args.size() - 1];
    Object[] samples = new Object[values.length];
    for (int i = 0; i < values.length; i++) {
      Expression arg = args.get(i + 1);
      values[i] = arg.bind(input);
      samples[i] = TypeCoercion.isUntypedNull(values[i]) ? null : sample(values[i].type(), arg);
    }
    if (Literal.isConstant(format) && Literal.constantValue(format) != null) {
      check((String) Literal.constantValue(format), samples);
    }
    return new Bound(this, format, values);
  }

  /** A value of {@code type}'s Java class, to try a constant format on. */
  private Object sample(DataType type, Expression source) {
    switch (type.kind()) {
      case BOOLEAN: return false;
      case BYTE: return (byte) 0;
      case SHORT: return (short) 0;
      case INT: case DATE: return 0;
      case LONG: case TIMESTAMP: case TIMESTAMP_NTZ: return 0L;
      case FLOAT: return 0f;
      case DOUBLE: return 0d;
      case DECIMAL: return BigDecimal.ZERO;
      case STRING: return "";
      default:
        throw TypeCoercion.error(this, source + " is " + type + ", which " + functionName() + " cannot format "
            + "(Spark prints its internal object); cast it to STRING first");
    }
  }

  private void check(String format, Object[] samples) {
    if (format.contains("%0$")) {
      throw TypeCoercion.error(this, "argument indexes start at 1 (%1$), as in Spark, but the format has %0$");
    }
    try {
      String.format(Locale.US, format, samples);
    } catch (IllegalFormatException e) {
      throw TypeCoercion.error(this, "the format " + SqlText.string(format) + " does not fit its arguments: "
          + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private static final class Bound extends BoundNode {
    private final Object call;
    private final BoundExpression format;
    private final BoundExpression[] values;

    Bound(Object call, BoundExpression format, BoundExpression[] values) {
      super(DataType.STRING, format.nullable());
      this.call = call;
      this.format = format;
      this.values = values;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object f = format.eval(row, context);
      if (f == null) {
        return null;
      }
      Object[] arguments = new Object[values.length];
      for (int i = 0; i < arguments.length; i++) {
        arguments[i] = values[i].eval(row, context);
      }
      try {
        return String.format(Locale.US, (String) f, arguments);
      } catch (IllegalFormatException e) {
        throw new IllegalArgumentException(call + ": the format " + SqlText.string((String) f)
            + " does not fit its arguments: " + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
      }
    }
  }
}
