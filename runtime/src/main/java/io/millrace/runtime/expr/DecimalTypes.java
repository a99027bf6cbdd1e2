package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Spark's decimal typing ({@code DecimalPrecision}, with
 * {@code spark.sql.decimalOperations.allowPrecisionLoss} at its default, true): the decimal an
 * integral type widens to, the wider of two decimals, and the result type of each arithmetic
 * operator, cut to 38 digits by giving up scale (but keeping six digits of it) rather than
 * integral digits.
 */
public final class DecimalTypes {
  private static final int MAX = DataType.MAX_PRECISION;
  /** The scale Spark keeps at least when a result type has more than 38 digits. */
  private static final int MIN_ADJUSTED_SCALE = 6;

  private DecimalTypes() {}

  /** The decimal a value of {@code type} (integral or DECIMAL) is exactly: INT is DECIMAL(10,0), LONG DECIMAL(20,0). */
  static DataType of(DataType type) {
    switch (type.kind()) {
      case BYTE: return DataType.decimal(3, 0);
      case SHORT: return DataType.decimal(5, 0);
      case INT: return DataType.decimal(10, 0);
      case LONG: return DataType.decimal(20, 0);
      case DECIMAL: return type;
      default: throw new IllegalArgumentException(type + " has no exact decimal type");
    }
  }

  /** The decimal both {@code a} and {@code b} fit in: the larger scale and the larger integral part. */
  static DataType wider(DataType a, DataType b) {
    DataType x = of(a);
    DataType y = of(b);
    int scale = Math.max(x.scale(), y.scale());
    int range = Math.max(x.precision() - x.scale(), y.precision() - y.scale());
    return bounded(range + scale, scale);
  }

  /** The type of {@code a op b} for decimal (or integral) operands. */
  static DataType result(Arithmetic.Op op, DataType a, DataType b) {
    DataType x = of(a);
    DataType y = of(b);
    int p1 = x.precision();
    int s1 = x.scale();
    int p2 = y.precision();
    int s2 = y.scale();
    switch (op) {
      case ADD: case SUBTRACT: {
        int scale = Math.max(s1, s2);
        return adjusted(Math.max(p1 - s1, p2 - s2) + scale + 1, scale);
      }
      case MULTIPLY:
        return adjusted(p1 + p2 + 1, s1 + s2);
      case DIVIDE: {
        int scale = Math.max(MIN_ADJUSTED_SCALE, s1 + p2 + 1);
        return adjusted(p1 - s1 + s2 + scale, scale);
      }
      default: {
        int scale = Math.max(s1, s2);
        return adjusted(Math.min(p1 - s1, p2 - s2) + scale, scale);
      }
    }
  }

  /** {@code value} at the scale of {@code type}, rounded half up; null when its digits do not fit (non-ANSI overflow). */
  public static BigDecimal fit(BigDecimal value, DataType type) {
    BigDecimal scaled = value.setScale(type.scale(), RoundingMode.HALF_UP);
    return scaled.precision() - scaled.scale() > type.precision() - type.scale() ? null : scaled;
  }

  /** An exact decimal of an integral or DECIMAL value. */
  static BigDecimal exact(Object value) {
    return value instanceof BigDecimal ? (BigDecimal) value : BigDecimal.valueOf(((Number) value).longValue());
  }

  private static DataType bounded(int precision, int scale) {
    return DataType.decimal(Math.min(precision, MAX), Math.min(scale, MAX));
  }

  /** Spark's adjustPrecisionScale: over 38 digits, the integral digits are kept and the scale gives way down to 6. */
  private static DataType adjusted(int precision, int scale) {
    if (precision <= MAX) {
      return DataType.decimal(precision, scale);
    }
    int integral = precision - scale;
    int minScale = Math.min(scale, MIN_ADJUSTED_SCALE);
    return DataType.decimal(MAX, Math.max(MAX - integral, minScale));
  }
}
