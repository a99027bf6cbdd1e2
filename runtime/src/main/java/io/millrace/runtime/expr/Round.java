package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * {@code round(x, scale)}: rounds half away from zero (HALF_UP) to {@code scale} decimal
 * places, as Spark does; a negative scale rounds to tens, hundreds and so on. The type is
 * kept (text is read as a DOUBLE). Doubles round on their shortest decimal text, so
 * {@code round(2.675, 2)} is 2.68 as in Spark, not the 2.67 that binary arithmetic would give;
 * a FLOAT rounds on the text of its DOUBLE value, as Spark's does ({@code round(0.35F, 1)} is
 * 0.3). The same rounding with other modes is {@code bround} (half to even) and
 * {@code floor}/{@code ceil} with a scale, which read their argument as a DECIMAL and give one.
 */
public final class Round extends FunctionCall {
  private final int scale;
  private final RoundingMode mode;
  /** Whether the argument is read as a DECIMAL, as floor and ceil with a scale read it. */
  private final boolean toDecimal;

  public Round(Expression child, int scale) {
    this("round", child, scale, RoundingMode.HALF_UP, false);
  }

  private Round(String name, Expression child, int scale, RoundingMode mode, boolean toDecimal) {
    super(name, List.of(child, Literal.from(scale)));
    this.scale = scale;
    this.mode = mode;
    this.toDecimal = toDecimal;
  }

  /** {@code bround(x, scale)}: rounds half to even (banker's rounding), keeping the type. */
  public static Round halfEven(Expression child, int scale) {
    return new Round("bround", child, scale, RoundingMode.HALF_EVEN, false);
  }

  /** {@code floor(x, scale)}: rounds down to {@code scale} places, as a DECIMAL. */
  public static Round floor(Expression child, int scale) {
    return new Round("floor", child, scale, RoundingMode.FLOOR, true);
  }

  /** {@code ceil(x, scale)} (or {@code ceiling}): rounds up to {@code scale} places, as a DECIMAL. */
  public static Round ceil(String name, Expression child, int scale) {
    return new Round(name, child, scale, RoundingMode.CEILING, true);
  }

  public int scale() {
    return scale;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    DataType type = toDecimal ? decimalOf(bound, child) : roundedType(bound, child);
    return new Bound(Cast.coerce(bound, type), scale, mode, resultType(type, scale));
  }

  /** The type round and bround compute in: a number's own; text as DOUBLE, as Spark's implicit cast reads it. */
  private DataType roundedType(BoundExpression bound, Expression child) {
    if (!TypeCoercion.isUntypedNull(bound) && bound.type().kind() == DataType.Kind.STRING) {
      return DataType.DOUBLE;
    }
    return TypeCoercion.numericType(bound, child, this);
  }

  /**
   * The DECIMAL floor and ceil with a scale read their argument as, Spark's implicit cast: an
   * integral type's exact decimal, FLOAT as DECIMAL(14,7), DOUBLE as DECIMAL(30,15) and text as
   * DECIMAL(38,18), so a value beyond that range (or NaN) gives NULL.
   */
  private DataType decimalOf(BoundExpression bound, Expression child) {
    if (!TypeCoercion.isUntypedNull(bound) && bound.type().kind() == DataType.Kind.STRING) {
      return DataType.decimal(DataType.MAX_PRECISION, 18);
    }
    DataType type = TypeCoercion.numericType(bound, child, this);
    switch (type.kind()) {
      case FLOAT: return DataType.decimal(14, 7);
      case DOUBLE: return DataType.decimal(30, 15);
      default: return DecimalTypes.of(type);
    }
  }

  /**
   * Spark's type of {@code round} of a value of {@code type}: the type itself, except for a
   * DECIMAL(p, s), which keeps at most {@code scale} places (none for a negative scale) and room
   * for one more integral digit.
   */
  static DataType resultType(DataType type, int scale) {
    if (type.kind() != DataType.Kind.DECIMAL) {
      return type;
    }
    // Rounding may carry into one more integral digit: round(9.9) is 10, round(99, -2) is 100.
    int integral = type.precision() - type.scale() + 1;
    if (scale < 0) {
      return DataType.decimal(Math.min(Math.max(integral, -scale + 1), DataType.MAX_PRECISION), 0);
    }
    int newScale = Math.min(type.scale(), scale);
    return DataType.decimal(Math.min(integral + newScale, DataType.MAX_PRECISION), newScale);
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;
    private final int scale;
    private final RoundingMode mode;
    private final DataType.Kind kind;

    Bound(BoundExpression child, int scale, RoundingMode mode, DataType type) {
      // Only a DECIMAL cut to 38 digits may not fit after rounding (38 nines up), and is then NULL.
      super(type, child.nullable()
          || type.kind() == DataType.Kind.DECIMAL && type.precision() == DataType.MAX_PRECISION);
      this.child = child;
      this.scale = scale;
      this.mode = mode;
      this.kind = child.type().kind();
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = child.eval(row, context);
      if (v == null) {
        return null;
      }
      switch (kind) {
        case BYTE:
          return scale >= 0 ? v : (Object) round(BigDecimal.valueOf((Byte) v)).byteValue();
        case SHORT:
          return scale >= 0 ? v : (Object) round(BigDecimal.valueOf((Short) v)).shortValue();
        case INT:
          return scale >= 0 ? v : (Object) round(BigDecimal.valueOf((Integer) v)).intValue();
        case LONG:
          return scale >= 0 ? v : (Object) round(BigDecimal.valueOf((Long) v)).longValue();
        case DECIMAL:
          return DecimalTypes.fit(round((BigDecimal) v), type());
        case FLOAT: {
          float f = (Float) v;
          return Float.isFinite(f) ? round(BigDecimal.valueOf((double) f)).floatValue() : f;
        }
        default:
          double d = (Double) v;
          return Double.isFinite(d) ? round(BigDecimal.valueOf(d)).doubleValue() : d;
      }
    }

    private BigDecimal round(BigDecimal value) {
      return value.setScale(scale, mode);
    }
  }
}
