package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;

/**
 * {@code format_number(x, d)}: the number {@code x} as text with thousands separators and
 * {@code d} decimal places ({@code 12,332.1235}), rounded half to even; NULL when {@code d} is
 * negative. A text {@code d} is a {@link DecimalFormat} pattern ({@code '#,##0.00'}; the empty
 * text means no decimals). As Spark's, formatting is {@link DecimalFormat}'s in the US locale,
 * so NaN is {@code NaN} and infinity {@code ∞}; a FLOAT is formatted as the DOUBLE it widens to.
 * A constant pattern is checked when the call is bound. NULL in an argument gives NULL.
 */
public final class FormatNumber extends FunctionCall {
  private static final String WHOLE = "#,###,###,###,###,###,##0";

  public FormatNumber(List<Expression> args) {
    super("format_number", args);
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression x = args.get(0).bind(input);
    if (!TypeCoercion.isUntypedNull(x) && !x.type().isNumeric()) {
      throw TypeCoercion.error(this, args.get(0) + " is " + x.type() + " but a number is needed");
    }
    BoundExpression d = args.get(1).bind(input);
    boolean text = !TypeCoercion.isUntypedNull(d) && d.type().kind() == DataType.Kind.STRING;
    if (!text) {
      d = SimpleFunction.Arg.INT.coerce(d, args.get(1), this);
    }
    if (Literal.isConstant(d)) {
      Object value = Literal.constantValue(d);
      String pattern = value == null ? null : pattern(value);
      if (pattern == null) {
        return Literal.bound(null, DataType.STRING);
      }
      DecimalFormat format;
      try {
        format = decimalFormat(pattern);
      } catch (IllegalArgumentException e) {
        throw TypeCoercion.error(this, "the pattern " + SqlText.string(pattern) + " is invalid: " + e.getMessage());
      }
      return new ConstantPattern(x, format);
    }
    return new RowPattern(this, x, d);
  }

  /** The DecimalFormat pattern for {@code d}: decimal places (null when negative) or a pattern's text. */
  private static String pattern(Object d) {
    if (d instanceof String) {
      return ((String) d).isEmpty() ? WHOLE : (String) d;
    }
    int places = (Integer) d;
    return places < 0 ? null : places == 0 ? WHOLE : WHOLE + "." + "0".repeat(places);
  }

  private static DecimalFormat decimalFormat(String pattern) {
    DecimalFormat format = new DecimalFormat("", new DecimalFormatSymbols(Locale.US));
    format.applyLocalizedPattern(pattern);
    return format;
  }

  /** {@code x} formatted; a FLOAT as the double it widens to, as Spark's Scala call does. */
  private static String format(DecimalFormat format, Object x) {
    return x instanceof Float ? format.format((double) (Float) x) : format.format(x);
  }

  private static final class ConstantPattern extends BoundNode {
    private final BoundExpression x;
    /** DecimalFormat keeps state while it formats, so each thread formats with its own copy. */
    private final ThreadLocal<DecimalFormat> format;

    ConstantPattern(BoundExpression x, DecimalFormat prototype) {
      super(DataType.STRING, x.nullable());
      this.x = x;
      this.format = ThreadLocal.withInitial(() -> (DecimalFormat) prototype.clone());
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = x.eval(row, context);
      return v == null ? null : format(format.get(), v);
    }
  }

  private static final class RowPattern extends BoundNode {
    private final Object call;
    private final BoundExpression x;
    private final BoundExpression d;

    RowPattern(Object call, BoundExpression x, BoundExpression d) {
      super(DataType.STRING, true);
      this.call = call;
      this.x = x;
      this.d = d;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = x.eval(row, context);
      Object places = v == null ? null : d.eval(row, context);
      String pattern = places == null ? null : pattern(places);
      if (pattern == null) {
        return null;
      }
      try {
        return format(decimalFormat(pattern), v);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(call + ": the pattern " + SqlText.string(pattern) + " is invalid: "
            + e.getMessage(), e);
      }
    }
  }
}
