package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import java.util.List;

/**
 * Spark's implicit typing rules, applied when expressions are bound: numbers widen along
 * INT &lt; LONG &lt; DOUBLE, the untyped NULL fits anywhere, string functions read other
 * primitives as their text, and time functions read text as a cast to TIMESTAMP reads it.
 */
final class TypeCoercion {

  private TypeCoercion() {
  }

  static boolean isUntypedNull(BoundExpression bound) {
    return bound instanceof Literal.UntypedNull;
  }

  /** The failure for {@code whole}, whose SQL text the message quotes. */
  static AnalysisException error(Expression whole, String detail) {
    return new AnalysisException("cannot resolve '" + whole + "': " + detail);
  }

  /** The wider of two numeric types. */
  static DataType widerNumeric(DataType a, DataType b) {
    return rank(a) >= rank(b) ? a : b;
  }

  private static int rank(DataType numeric) {
    switch (numeric.kind()) {
      case INT: return 0;
      case LONG: return 1;
      default: return 2;
    }
  }

  /**
   * The numeric type of an operand; the untyped NULL counts as INT so that it never widens the
   * result.
   */
  static DataType numericType(BoundExpression bound, Expression source, Expression whole) {
    if (isUntypedNull(bound)) {
      return DataType.INT;
    }
    if (!bound.type().isNumeric()) {
      throw error(whole, source + " is " + bound.type() + " but a numeric type (INT, LONG, DOUBLE) is needed");
    }
    return bound.type();
  }

  /** Checks that a condition or logical operand is BOOLEAN (or the untyped NULL). */
  static void requireBoolean(BoundExpression bound, Expression source, Expression whole) {
    if (!isUntypedNull(bound) && bound.type().kind() != DataType.Kind.BOOLEAN) {
      throw error(whole, source + " is " + bound.type() + " but BOOLEAN is needed");
    }
  }

  /** An argument of a string function: STRING as is, other primitives cast to their text. */
  static BoundExpression asString(BoundExpression bound, Expression source, Expression whole) {
    DataType.Kind kind = isUntypedNull(bound) ? DataType.Kind.STRING : bound.type().kind();
    if (kind == DataType.Kind.BINARY || kind == DataType.Kind.STRUCT) {
      throw error(whole, source + " is " + bound.type() + " but STRING is needed");
    }
    return Cast.coerce(bound, DataType.STRING);
  }

  /** An argument of a time function: TIMESTAMP as is, STRING read as a cast reads it. */
  static BoundExpression asTimestamp(BoundExpression bound, Expression source, Expression whole) {
    DataType.Kind kind = isUntypedNull(bound) ? DataType.Kind.TIMESTAMP : bound.type().kind();
    if (kind != DataType.Kind.TIMESTAMP && kind != DataType.Kind.STRING) {
      throw error(whole, source + " is " + bound.type() + " but TIMESTAMP is needed");
    }
    return Cast.coerce(bound, DataType.TIMESTAMP);
  }

  /**
   * The type two operands are compared in, or null when they cannot be compared: the wider
   * numeric type, their shared type, or TIMESTAMP for a TIMESTAMP against text (the text is
   * parsed, so {@code ts > '2026-01-01'} works as in Spark).
   */
  static DataType comparisonType(DataType a, DataType b) {
    if (a.isNumeric() && b.isNumeric()) {
      return widerNumeric(a, b);
    }
    if (a.kind() == DataType.Kind.STRUCT || b.kind() == DataType.Kind.STRUCT) {
      return null;
    }
    if (a.equals(b)) {
      return a;
    }
    boolean timestampAndText = a.kind() == DataType.Kind.TIMESTAMP && b.kind() == DataType.Kind.STRING
        || a.kind() == DataType.Kind.STRING && b.kind() == DataType.Kind.TIMESTAMP;
    return timestampAndText ? DataType.TIMESTAMP : null;
  }

  /**
   * The one type that values sharing an output must take, as the branches of a CASE or the
   * arguments of coalesce do: their shared type, or the widest numeric type. Untyped NULLs do
   * not count; when all are NULL the result is null.
   */
  static DataType commonType(List<BoundExpression> bounds, List<Expression> sources, Expression whole) {
    DataType common = null;
    Expression first = null;
    for (int i = 0; i < bounds.size(); i++) {
      BoundExpression bound = bounds.get(i);
      if (isUntypedNull(bound)) {
        continue;
      }
      DataType type = bound.type();
      if (common == null) {
        common = type;
        first = sources.get(i);
      } else if (common.isNumeric() && type.isNumeric()) {
        common = widerNumeric(common, type);
      } else if (!common.equals(type)) {
        throw error(whole, "its values must share a type, but " + first + " is " + common
            + " and " + sources.get(i) + " is " + type);
      }
    }
    return common;
  }
}
