package io.millrace.spi.data;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The type of a column: Spark SQL's types, each with one Java representation in a {@link Row}:
 *
 * <table>
 *   <caption>Java representation of each type</caption>
 *   <tr><th>type</th><th>Java value</th></tr>
 *   <tr><td>BOOLEAN</td><td>{@link Boolean}</td></tr>
 *   <tr><td>BYTE (TINYINT)</td><td>{@link Byte}</td></tr>
 *   <tr><td>SHORT (SMALLINT)</td><td>{@link Short}</td></tr>
 *   <tr><td>INT</td><td>{@link Integer}</td></tr>
 *   <tr><td>LONG (BIGINT)</td><td>{@link Long}</td></tr>
 *   <tr><td>FLOAT</td><td>{@link Float}</td></tr>
 *   <tr><td>DOUBLE</td><td>{@link Double}</td></tr>
 *   <tr><td>DECIMAL(p, s)</td><td>{@link BigDecimal} of scale {@code s}, at most {@code p} digits</td></tr>
 *   <tr><td>STRING</td><td>{@link String}</td></tr>
 *   <tr><td>BINARY</td><td>{@code byte[]}</td></tr>
 *   <tr><td>DATE</td><td>{@link Integer}: days since 1970-01-01</td></tr>
 *   <tr><td>TIMESTAMP</td><td>{@link Long}: microseconds since the epoch, UTC (Spark's TIMESTAMP_LTZ)</td></tr>
 *   <tr><td>TIMESTAMP_NTZ</td><td>{@link Long}: microseconds since 1970-01-01T00:00 of a wall clock, no zone</td></tr>
 *   <tr><td>ARRAY&lt;T&gt;</td><td>{@link List} of T's values (nulls allowed where {@link #containsNull()})</td></tr>
 *   <tr><td>MAP&lt;K, V&gt;</td><td>{@link Map} of K's values to V's, in insertion order; no null key</td></tr>
 *   <tr><td>STRUCT&lt;..&gt;</td><td>{@link Row} of the struct's {@link #fields()}</td></tr>
 * </table>
 *
 * <p>Null is allowed in any column whose {@link Field#nullable()} is true. Types are values:
 * equal when their kind and parameters are.
 *
 * @since 1.0; BYTE, SHORT, FLOAT, DECIMAL, DATE, TIMESTAMP_NTZ, ARRAY and MAP since SPI 1.4
 */
public final class DataType {
  /**
   * The kind of a type. Kinds added in later SPI versions come after the older ones, so code
   * compiled against an older SPI meets them only in its {@code default} branch.
   */
  public enum Kind {
    BOOLEAN, INT, LONG, DOUBLE, STRING, BINARY, TIMESTAMP, STRUCT,
    BYTE, SHORT, FLOAT, DECIMAL, DATE, TIMESTAMP_NTZ, ARRAY, MAP
  }

  /** Spark's largest decimal precision. */
  public static final int MAX_PRECISION = 38;

  public static final DataType BOOLEAN = new DataType(Kind.BOOLEAN);
  public static final DataType BYTE = new DataType(Kind.BYTE);
  public static final DataType SHORT = new DataType(Kind.SHORT);
  public static final DataType INT = new DataType(Kind.INT);
  public static final DataType LONG = new DataType(Kind.LONG);
  public static final DataType FLOAT = new DataType(Kind.FLOAT);
  public static final DataType DOUBLE = new DataType(Kind.DOUBLE);
  public static final DataType STRING = new DataType(Kind.STRING);
  public static final DataType BINARY = new DataType(Kind.BINARY);
  public static final DataType DATE = new DataType(Kind.DATE);
  public static final DataType TIMESTAMP = new DataType(Kind.TIMESTAMP);
  public static final DataType TIMESTAMP_NTZ = new DataType(Kind.TIMESTAMP_NTZ);

  private final Kind kind;
  private final Schema fields;
  private final int precision;
  private final int scale;
  private final DataType element;
  private final DataType value;
  private final boolean containsNull;

  private DataType(Kind kind) {
    this(kind, null, 0, 0, null, null, false);
  }

  private DataType(Kind kind, Schema fields, int precision, int scale, DataType element, DataType value,
      boolean containsNull) {
    this.kind = kind;
    this.fields = fields;
    this.precision = precision;
    this.scale = scale;
    this.element = element;
    this.value = value;
    this.containsNull = containsNull;
  }

  /** A struct whose value is a {@link Row} of {@code fields}. */
  public static DataType struct(Schema fields) {
    return new DataType(Kind.STRUCT, Objects.requireNonNull(fields, "fields"), 0, 0, null, null, false);
  }

  /**
   * DECIMAL({@code precision}, {@code scale}): at most {@code precision} digits, {@code scale} of
   * them after the point.
   *
   * @throws IllegalArgumentException unless {@code 1 <= precision <= 38} and {@code 0 <= scale <= precision}
   */
  public static DataType decimal(int precision, int scale) {
    if (precision < 1 || precision > MAX_PRECISION) {
      throw new IllegalArgumentException("DECIMAL precision " + precision + " is out of range 1 to " + MAX_PRECISION);
    }
    if (scale < 0 || scale > precision) {
      throw new IllegalArgumentException("DECIMAL scale " + scale + " is out of range 0 to its precision " + precision);
    }
    return new DataType(Kind.DECIMAL, null, precision, scale, null, null, false);
  }

  /** An array of {@code element}s, which may be null (Spark's default). */
  public static DataType array(DataType element) {
    return array(element, true);
  }

  public static DataType array(DataType element, boolean containsNull) {
    return new DataType(Kind.ARRAY, null, 0, 0, Objects.requireNonNull(element, "element"), null, containsNull);
  }

  /** A map from {@code key} to {@code value}, whose values may be null (Spark's default). */
  public static DataType map(DataType key, DataType value) {
    return map(key, value, true);
  }

  public static DataType map(DataType key, DataType value, boolean valueContainsNull) {
    return new DataType(Kind.MAP, null, 0, 0, Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"),
        valueContainsNull);
  }

  /**
   * The type spelled {@code text} in Spark's DDL, case-insensitively: a name ({@code BIGINT},
   * {@code INT}, …, with SQL's aliases) or a parameterised type ({@code DECIMAL(10,2)},
   * {@code ARRAY<STRING>}, {@code MAP<STRING, INT>}, {@code STRUCT<lat: DOUBLE, lon: DOUBLE>}).
   * A type Millrace lacks is refused, never read as a type near it.
   *
   * @throws IllegalArgumentException naming the type, why it is refused, or the known ones
   */
  public static DataType parse(String text) {
    return TypeParser.parseType(text);
  }

  public Kind kind() {
    return kind;
  }

  /** The fields of a STRUCT. */
  public Schema fields() {
    check(Kind.STRUCT);
    return fields;
  }

  /** The precision of a DECIMAL: its most digits. */
  public int precision() {
    check(Kind.DECIMAL);
    return precision;
  }

  /** The scale of a DECIMAL: its digits after the point. */
  public int scale() {
    check(Kind.DECIMAL);
    return scale;
  }

  /** The element type of an ARRAY. */
  public DataType elementType() {
    check(Kind.ARRAY);
    return element;
  }

  /** The key type of a MAP. */
  public DataType keyType() {
    check(Kind.MAP);
    return element;
  }

  /** The value type of a MAP. */
  public DataType valueType() {
    check(Kind.MAP);
    return value;
  }

  /** Whether an ARRAY's elements, or a MAP's values, may be null. */
  public boolean containsNull() {
    if (kind != Kind.ARRAY && kind != Kind.MAP) {
      throw new IllegalStateException(this + " is neither an array nor a map");
    }
    return containsNull;
  }

  private void check(Kind expected) {
    if (kind != expected) {
      throw new IllegalStateException(this + " is not a " + expected);
    }
  }

  /** Whether values of this type are numbers: the integral types, FLOAT, DOUBLE and DECIMAL. */
  public boolean isNumeric() {
    switch (kind) {
      case BYTE: case SHORT: case INT: case LONG: case FLOAT: case DOUBLE: case DECIMAL: return true;
      default: return false;
    }
  }

  /** Whether this is BYTE, SHORT, INT or LONG. */
  public boolean isIntegral() {
    return kind == Kind.BYTE || kind == Kind.SHORT || kind == Kind.INT || kind == Kind.LONG;
  }

  /** The Java class of a non-null value of this type. */
  public Class<?> javaClass() {
    switch (kind) {
      case BOOLEAN: return Boolean.class;
      case BYTE: return Byte.class;
      case SHORT: return Short.class;
      case INT: case DATE: return Integer.class;
      case LONG: case TIMESTAMP: case TIMESTAMP_NTZ: return Long.class;
      case FLOAT: return Float.class;
      case DOUBLE: return Double.class;
      case DECIMAL: return BigDecimal.class;
      case STRING: return String.class;
      case BINARY: return byte[].class;
      case ARRAY: return List.class;
      case MAP: return Map.class;
      default: return Row.class;
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof DataType)) {
      return false;
    }
    DataType t = (DataType) o;
    return t.kind == kind && Objects.equals(t.fields, fields) && t.precision == precision && t.scale == scale
        && Objects.equals(t.element, element) && Objects.equals(t.value, value) && t.containsNull == containsNull;
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, fields, precision, scale, element, value, containsNull);
  }

  /**
   * The DDL spelling, which {@link #parse} reads back into an equal type: {@code LONG},
   * {@code DECIMAL(10,2)}, {@code ARRAY<STRING>}, {@code MAP<STRING, INT>},
   * {@code STRUCT<start TIMESTAMP, end TIMESTAMP>}.
   */
  @Override
  public String toString() {
    switch (kind) {
      case STRUCT: return "STRUCT<" + fields.toDdl() + ">";
      case DECIMAL: return "DECIMAL(" + precision + "," + scale + ")";
      case ARRAY: return "ARRAY<" + element + (containsNull ? "" : " NOT NULL") + ">";
      case MAP: return "MAP<" + element + ", " + value + (containsNull ? "" : " NOT NULL") + ">";
      default: return kind.name();
    }
  }
}
