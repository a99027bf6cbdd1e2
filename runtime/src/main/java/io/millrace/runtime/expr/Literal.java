package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.Instant;
import java.util.HexFormat;

/**
 * A constant. A NULL literal without a type ({@link #nullLiteral()}) takes its type from the
 * expression around it, as in {@code coalesce(amount, NULL)} or {@code x = NULL}; standing
 * alone it is typed STRING, since the data model has no null type.
 */
public final class Literal extends Expression {
  private static final Literal NULL = new Literal(null, null);

  private final Object value;
  private final DataType type;

  private Literal(Object value, DataType type) {
    this.value = value;
    this.type = type;
  }

  /** The untyped NULL. */
  public static Literal nullLiteral() {
    return NULL;
  }

  /**
   * A literal of {@code type} holding {@code value} in the type's Java representation.
   *
   * @throws IllegalArgumentException when {@code value} is not of that representation
   */
  public static Literal of(Object value, DataType type) {
    if (type.kind() == DataType.Kind.STRUCT) {
      throw new IllegalArgumentException("struct literals are not supported");
    }
    if (value != null && !type.javaClass().isInstance(value)) {
      throw new IllegalArgumentException("a " + type + " literal needs a " + type.javaClass().getSimpleName()
          + " but got " + value.getClass().getName());
    }
    return new Literal(value instanceof byte[] ? ((byte[]) value).clone() : value, type);
  }

  /**
   * A literal for a Java value, as {@code functions.lit} takes it and as Spark types it: Byte
   * TINYINT, Short SMALLINT, Integer INT, Long BIGINT, Float FLOAT, Double DOUBLE, BigDecimal
   * DECIMAL of its digits, Boolean, String and byte[] their types, an {@link Instant} a
   * TIMESTAMP, a {@link java.time.LocalDate} a DATE, a {@link java.time.LocalDateTime} a
   * TIMESTAMP_NTZ; null gives the untyped NULL.
   *
   * @throws IllegalArgumentException for any other class
   */
  public static Literal from(Object value) {
    if (value == null) {
      return NULL;
    } else if (value instanceof Byte) {
      return of(value, DataType.BYTE);
    } else if (value instanceof Short) {
      return of(value, DataType.SHORT);
    } else if (value instanceof Integer) {
      return of(value, DataType.INT);
    } else if (value instanceof Long) {
      return of(value, DataType.LONG);
    } else if (value instanceof Float) {
      return of(value, DataType.FLOAT);
    } else if (value instanceof Double) {
      return of(value, DataType.DOUBLE);
    } else if (value instanceof java.math.BigDecimal) {
      java.math.BigDecimal d = (java.math.BigDecimal) value;
      int scale = Math.max(d.scale(), 0);
      java.math.BigDecimal exact = d.setScale(scale);
      return of(exact, DataType.decimal(Math.max(exact.precision(), scale), scale));
    } else if (value instanceof Boolean) {
      return of(value, DataType.BOOLEAN);
    } else if (value instanceof String || value instanceof Character) {
      return of(value.toString(), DataType.STRING);
    } else if (value instanceof byte[]) {
      return of(value, DataType.BINARY);
    } else if (value instanceof Instant) {
      return of(Timestamps.micros((Instant) value), DataType.TIMESTAMP);
    } else if (value instanceof java.time.LocalDate) {
      return of((int) ((java.time.LocalDate) value).toEpochDay(), DataType.DATE);
    } else if (value instanceof java.time.LocalDateTime) {
      return of(Timestamps.micros(((java.time.LocalDateTime) value).toInstant(java.time.ZoneOffset.UTC)),
          DataType.TIMESTAMP_NTZ);
    }
    throw new IllegalArgumentException("cannot make a literal of " + value.getClass().getName() + "; supported: "
        + "Byte, Short, Integer, Long, Float, Double, BigDecimal, Boolean, String, byte[], Instant, LocalDate, "
        + "LocalDateTime");
  }

  /** The value in its type's Java representation, or null. */
  public Object value() {
    return value instanceof byte[] ? ((byte[]) value).clone() : value;
  }

  /** True for the NULL whose type comes from context. */
  public boolean isUntypedNull() {
    return type == null;
  }

  @Override
  public BoundExpression bind(Schema input) {
    return type == null ? UntypedNull.INSTANCE : new Bound(value, type);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    if (type == null) {
      return "NULL";
    }
    if (value == null) {
      return "CAST(NULL AS " + type + ")";
    }
    switch (type.kind()) {
      case STRING: return SqlText.string((String) value);
      case LONG: return value + "L";
      case BOOLEAN: return (Boolean) value ? "TRUE" : "FALSE";
      case TIMESTAMP: return "TIMESTAMP " + SqlText.string(TimestampText.format((Long) value));
      case TIMESTAMP_NTZ: return "TIMESTAMP_NTZ " + SqlText.string(TimestampText.format((Long) value));
      case DATE: return "DATE " + SqlText.string(io.millrace.spi.data.TimestampText.formatDate((Integer) value));
      case DECIMAL: return ((java.math.BigDecimal) value).toPlainString();
      case BINARY: return "X'" + HexFormat.of().withUpperCase().formatHex((byte[]) value) + "'";
      case DOUBLE:
        double d = (Double) value;
        return Double.isFinite(d) ? Double.toString(d) : "CAST(" + SqlText.string(Double.toString(d)) + " AS DOUBLE)";
      default: return value.toString();
    }
  }

  /** True when {@code bound} is a constant TRUE or FALSE, such as an aggregate's flag argument. */
  public static boolean isBooleanConstant(BoundExpression bound) {
    return isConstant(bound) && constantValue(bound) instanceof Boolean;
  }

  /** The value of a constant (see {@link #isBooleanConstant}). */
  public static Object valueOf(BoundExpression bound) {
    return constantValue(bound);
  }

  /** True when {@code bound} is a constant, so its value can be read once at bind time. */
  static boolean isConstant(BoundExpression bound) {
    return bound instanceof Bound || bound instanceof UntypedNull;
  }

  /** The value of a bound constant (see {@link #isConstant}). */
  static Object constantValue(BoundExpression bound) {
    return bound instanceof Bound ? ((Bound) bound).value : null;
  }

  /** A bound typed constant, for rewrites that fold to a known value. */
  static BoundExpression bound(Object value, DataType type) {
    return new Bound(value, type);
  }

  private static final class Bound extends BoundNode {
    private final Object value;

    Bound(Object value, DataType type) {
      super(type, value == null);
      this.value = value;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      return value;
    }
  }

  /** The bound untyped NULL; {@link TypeCoercion} lets it stand in for any type. */
  static final class UntypedNull extends BoundNode {
    static final UntypedNull INSTANCE = new UntypedNull();

    private UntypedNull() {
      super(DataType.STRING, true);
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      return null;
    }
  }
}
