package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import java.util.List;

/**
 * {@code lpad(str, len[, pad])} and {@code rpad(str, len[, pad])}: {@code str} cut to
 * {@code len} characters (code points), or filled to {@code len} on the left or right with
 * {@code pad} (default a space) repeated, its last copy cut short. An empty {@code pad} leaves
 * a shorter {@code str} as it is; a {@code len} below 1 gives the empty string. When
 * {@code str} and {@code pad} are both BINARY the same is done with bytes and the result is
 * BINARY, as in Spark. NULL in any argument gives NULL.
 */
public final class Pad extends FunctionCall {
  private final boolean left;

  public Pad(boolean left, List<Expression> args) {
    super(left ? "lpad" : "rpad", args);
    this.left = left;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression str = args.get(0).bind(input);
    BoundExpression len = SimpleFunction.Arg.INT.coerce(args.get(1).bind(input), args.get(1), this);
    BoundExpression pad = args.size() > 2 ? args.get(2).bind(input) : Literal.bound(" ", DataType.STRING);
    boolean bothNull = TypeCoercion.isUntypedNull(str) && TypeCoercion.isUntypedNull(pad);
    if (isBinaryOrNull(str) && isBinaryOrNull(pad) && !bothNull) {
      return new Bound(DataType.BINARY, left, Cast.coerce(str, DataType.BINARY), len,
          Cast.coerce(pad, DataType.BINARY));
    }
    return new Bound(DataType.STRING, left, TypeCoercion.asString(str, args.get(0), this), len,
        TypeCoercion.asString(pad, args.size() > 2 ? args.get(2) : Literal.of(" ", DataType.STRING), this));
  }

  private static boolean isBinaryOrNull(BoundExpression bound) {
    return TypeCoercion.isUntypedNull(bound) || bound.type().kind() == DataType.Kind.BINARY;
  }

  /** Spark's UTF8String.lpad and rpad, over code points. */
  static String pad(boolean left, String s, int len, String pad) {
    int chars = s.codePointCount(0, s.length());
    int missing = len - chars;
    if (missing <= 0 || pad.isEmpty()) {
      return len <= 0 ? "" : s.substring(0, s.offsetByCodePoints(0, Math.min(len, chars)));
    }
    int padChars = pad.codePointCount(0, pad.length());
    StringBuilder fill = new StringBuilder();
    for (int i = 0; i < missing / padChars; i++) {
      fill.append(pad);
    }
    fill.append(pad, 0, pad.offsetByCodePoints(0, missing % padChars));
    return left ? fill.append(s).toString() : s + fill;
  }

  /** Spark's ByteArray.lpad and rpad. */
  static byte[] pad(boolean left, byte[] bytes, int len, byte[] pad) {
    if (len <= 0) {
      return new byte[0];
    }
    if (pad.length == 0 || bytes.length >= len) {
      return Arrays.copyOf(bytes, Math.min(bytes.length, len));
    }
    byte[] result = new byte[len];
    int fillFrom = left ? 0 : bytes.length;
    int fillTo = left ? len - bytes.length : len;
    for (int i = fillFrom; i < fillTo; i++) {
      result[i] = pad[(i - fillFrom) % pad.length];
    }
    System.arraycopy(bytes, 0, result, left ? fillTo : 0, bytes.length);
    return result;
  }

  private static final class Bound extends BoundNode {
    private final boolean left;
    private final BoundExpression str;
    private final BoundExpression len;
    private final BoundExpression pad;

    Bound(DataType type, boolean left, BoundExpression str, BoundExpression len, BoundExpression pad) {
      super(type, true);
      this.left = left;
      this.str = str;
      this.len = len;
      this.pad = pad;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object s = str.eval(row, context);
      Object n = s == null ? null : len.eval(row, context);
      Object p = n == null ? null : pad.eval(row, context);
      if (p == null) {
        return null;
      }
      return s instanceof byte[]
          ? pad(left, (byte[]) s, (Integer) n, (byte[]) p) : pad(left, (String) s, (Integer) n, (String) p);
    }
  }
}
