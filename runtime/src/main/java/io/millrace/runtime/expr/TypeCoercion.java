package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import java.util.List;

/**
 * Spark's implicit typing rules, applied when expressions are bound: numbers widen along
 * BYTE &lt; SHORT &lt; INT &lt; LONG &lt; FLOAT &lt; DOUBLE, a DECIMAL with an integral type to a
 * decimal holding both and with FLOAT or DOUBLE to DOUBLE; the untyped NULL fits anywhere,
 * string functions read other primitives as their text, and time functions read text as a
 * cast to TIMESTAMP reads it, and a DATE as its midnight.
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
    if (a.kind() == DataType.Kind.DECIMAL || b.kind() == DataType.Kind.DECIMAL) {
      boolean floating = isFloating(a) || isFloating(b);
      return floating ? DataType.DOUBLE : a.equals(b) ? a : DecimalTypes.wider(a, b);
    }
    return rank(a) >= rank(b) ? a : b;
  }

  private static boolean isFloating(DataType t) {
    return t.kind() == DataType.Kind.FLOAT || t.kind() == DataType.Kind.DOUBLE;
  }

  private static int rank(DataType numeric) {
    switch (numeric.kind()) {
      case BYTE: return 0;
      case SHORT: return 1;
      case INT: return 2;
      case LONG: return 3;
      case FLOAT: return 4;
      default: return 5;
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
      throw error(whole, source + " is " + bound.type() + " but a numeric type (TINYINT, SMALLINT, INT, BIGINT, "
          + "FLOAT, DOUBLE, DECIMAL) is needed");
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
    if (kind == DataType.Kind.BINARY || kind == DataType.Kind.STRUCT || kind == DataType.Kind.ARRAY
        || kind == DataType.Kind.MAP) {
      throw error(whole, source + " is " + bound.type() + " but STRING is needed");
    }
    return Cast.coerce(bound, DataType.STRING);
  }

  /** An argument of a time function: TIMESTAMP as is, STRING read as a cast reads it. */
  static BoundExpression asTimestamp(BoundExpression bound, Expression source, Expression whole) {
    DataType.Kind kind = isUntypedNull(bound) ? DataType.Kind.TIMESTAMP : bound.type().kind();
    if (kind != DataType.Kind.TIMESTAMP && kind != DataType.Kind.STRING && kind != DataType.Kind.DATE
        && kind != DataType.Kind.TIMESTAMP_NTZ) {
      throw error(whole, source + " is " + bound.type() + " but TIMESTAMP is needed");
    }
    return Cast.coerce(bound, DataType.TIMESTAMP);
  }

  /**
   * The type two operands are compared in, or null when they cannot be compared: the wider
   * numeric type, their shared type, the time type for a DATE, TIMESTAMP or TIMESTAMP_NTZ
   * against text (the text is parsed, so {@code ts > '2026-01-01'} works as in Spark), and the
   * finer of two time types.
   */
  static DataType comparisonType(DataType a, DataType b) {
    if (a.isNumeric() && b.isNumeric()) {
      return widerNumeric(a, b);
    }
    if (a.kind() == DataType.Kind.STRUCT && b.kind() == DataType.Kind.STRUCT) {
      // Field by field, as Spark compares structs of one shape (two window columns, for a join).
      return sameStructShape(a, b) ? a : null;
    }
    if (a.kind() == DataType.Kind.STRUCT || b.kind() == DataType.Kind.STRUCT || a.kind() == DataType.Kind.MAP
        || b.kind() == DataType.Kind.MAP) {
      return null;
    }
    if (a.equals(b)) {
      return a;
    }
    DataType.Kind x = a.kind();
    DataType.Kind y = b.kind();
    if (isTime(x) && y == DataType.Kind.STRING) {
      return a;
    }
    if (x == DataType.Kind.STRING && isTime(y)) {
      return b;
    }
    if (isTime(x) && isTime(y)) {
      // DATE with a timestamp compares as that timestamp; TIMESTAMP_NTZ with TIMESTAMP as TIMESTAMP.
      return x == DataType.Kind.DATE ? b : y == DataType.Kind.DATE ? a : DataType.TIMESTAMP;
    }
    return null;
  }

  /** Whether two structs have the same field names (ignoring case) and types, nullability aside. */
  private static boolean sameStructShape(DataType a, DataType b) {
    if (a.fields().size() != b.fields().size()) {
      return false;
    }
    for (int i = 0; i < a.fields().size(); i++) {
      DataType x = a.fields().field(i).type();
      DataType y = b.fields().field(i).type();
      boolean sameType = x.kind() == DataType.Kind.STRUCT && y.kind() == DataType.Kind.STRUCT
          ? sameStructShape(x, y) : x.equals(y) && x.kind() != DataType.Kind.MAP;
      if (!sameType || !a.fields().field(i).name().equalsIgnoreCase(b.fields().field(i).name())) {
        return false;
      }
    }
    return true;
  }

  private static boolean isTime(DataType.Kind kind) {
    return kind == DataType.Kind.TIMESTAMP || kind == DataType.Kind.DATE || kind == DataType.Kind.TIMESTAMP_NTZ;
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
