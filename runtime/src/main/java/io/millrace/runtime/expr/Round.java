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
 * kept. Doubles round on their shortest decimal text, so {@code round(2.675, 2)} is 2.68 as in
 * Spark, not the 2.67 that binary arithmetic would give.
 */
public final class Round extends FunctionCall {
  private final int scale;

  public Round(Expression child, int scale) {
    super("round", List.of(child, Literal.from(scale)));
    this.scale = scale;
  }

  public int scale() {
    return scale;
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression child = args.get(0);
    BoundExpression bound = child.bind(input);
    DataType type = TypeCoercion.numericType(bound, child, this);
    return new Bound(Cast.coerce(bound, type), scale, resultType(type, scale));
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
    private final DataType.Kind kind;

    Bound(BoundExpression child, int scale, DataType type) {
      super(type, child.nullable());
      this.child = child;
      this.scale = scale;
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
          return round((BigDecimal) v).setScale(type().scale(), RoundingMode.HALF_UP);
        case FLOAT: {
          float f = (Float) v;
          return Float.isFinite(f) ? round(new BigDecimal(Float.toString(f))).floatValue() : f;
        }
        default:
          double d = (Double) v;
          return Double.isFinite(d) ? round(BigDecimal.valueOf(d)).doubleValue() : d;
      }
    }

    private BigDecimal round(BigDecimal value) {
      return value.setScale(scale, RoundingMode.HALF_UP);
    }
  }
}
