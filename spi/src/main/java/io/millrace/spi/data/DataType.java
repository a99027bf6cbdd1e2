package io.millrace.spi.data;

import java.util.Locale;
import java.util.Objects;

/**
 * The type of a column. Each type has one Java representation in a {@link Row}:
 *
 * <table>
 *   <caption>Java representation of each type</caption>
 *   <tr><th>type</th><th>Java value</th></tr>
 *   <tr><td>BOOLEAN</td><td>{@link Boolean}</td></tr>
 *   <tr><td>INT</td><td>{@link Integer}</td></tr>
 *   <tr><td>LONG</td><td>{@link Long}</td></tr>
 *   <tr><td>DOUBLE</td><td>{@link Double}</td></tr>
 *   <tr><td>STRING</td><td>{@link String}</td></tr>
 *   <tr><td>BINARY</td><td>{@code byte[]}</td></tr>
 *   <tr><td>TIMESTAMP</td><td>{@link Long}: microseconds since the epoch, UTC</td></tr>
 *   <tr><td>STRUCT</td><td>{@link Row} of the struct's {@link #fields()}</td></tr>
 * </table>
 *
 * <p>Null is allowed in any column whose {@link Field#nullable()} is true.
 */
public final class DataType {
  /** The kind of a type; every kind but STRUCT has exactly one instance. */
  public enum Kind {
    BOOLEAN, INT, LONG, DOUBLE, STRING, BINARY, TIMESTAMP, STRUCT
  }

  public static final DataType BOOLEAN = new DataType(Kind.BOOLEAN, null);
  public static final DataType INT = new DataType(Kind.INT, null);
  public static final DataType LONG = new DataType(Kind.LONG, null);
  public static final DataType DOUBLE = new DataType(Kind.DOUBLE, null);
  public static final DataType STRING = new DataType(Kind.STRING, null);
  public static final DataType BINARY = new DataType(Kind.BINARY, null);
  public static final DataType TIMESTAMP = new DataType(Kind.TIMESTAMP, null);

  private final Kind kind;
  private final Schema fields;

  private DataType(Kind kind, Schema fields) {
    this.kind = kind;
    this.fields = fields;
  }

  /** A struct whose value is a {@link Row} of {@code fields}. */
  public static DataType struct(Schema fields) {
    return new DataType(Kind.STRUCT, Objects.requireNonNull(fields, "fields"));
  }

  /**
   * The primitive type named by {@code name}, case-insensitively. SQL aliases are accepted:
   * {@code BIGINT} for LONG, {@code INTEGER} for INT, {@code BOOL} for BOOLEAN,
   * {@code VARCHAR}/{@code TEXT} for STRING, {@code FLOAT8} for DOUBLE, {@code TIMESTAMP_LTZ}
   * (Spark's other name for its TIMESTAMP) for TIMESTAMP. A type Millrace lacks is refused,
   * never read as a type near it: {@code FLOAT} is not DOUBLE, nor {@code DATE} TIMESTAMP.
   *
   * @throws IllegalArgumentException naming the type, why it is refused, or the known ones
   */
  public static DataType parse(String name) {
    String upper = name.trim().toUpperCase(Locale.ROOT);
    switch (upper) {
      case "BOOLEAN": case "BOOL": return BOOLEAN;
      case "INT": case "INTEGER": return INT;
      case "LONG": case "BIGINT": return LONG;
      case "DOUBLE": case "FLOAT8": return DOUBLE;
      case "STRING": case "VARCHAR": case "TEXT": return STRING;
      case "BINARY": case "BYTES": return BINARY;
      case "TIMESTAMP": case "TIMESTAMP_LTZ": return TIMESTAMP;
      default:
        throw new IllegalArgumentException(unsupported(name.trim(), upper));
    }
  }

  /** Why a type name is refused: what Millrace lacks and what to use instead, or the known names. */
  private static String unsupported(String name, String upper) {
    int end = 0;
    while (end < upper.length() && (Character.isLetterOrDigit(upper.charAt(end)) || upper.charAt(end) == '_')) {
      end++;
    }
    String base = upper.substring(0, end);
    String lacking;
    switch (base) {
      case "FLOAT": case "REAL": lacking = "FLOAT type (32-bit floating point); use DOUBLE"; break;
      case "SMALLINT": case "SHORT": lacking = "SMALLINT type; use INT"; break;
      case "TINYINT": case "BYTE": lacking = "TINYINT type; use INT"; break;
      case "DECIMAL": case "DEC": case "NUMERIC": lacking = "DECIMAL type; use DOUBLE or LONG"; break;
      case "DATE": lacking = "DATE type; use TIMESTAMP"; break;
      case "TIMESTAMP_NTZ": lacking = "TIMESTAMP_NTZ type; TIMESTAMP is an instant, Spark's TIMESTAMP_LTZ"; break;
      case "CHAR": case "VARCHAR": lacking = "length-limited text type; use STRING"; break;
      case "INTERVAL": case "VARIANT": case "ARRAY": case "MAP": case "VOID": lacking = base + " type"; break;
      default:
        return "unknown type '" + name + "'; known types: BOOLEAN, INT, LONG (BIGINT), DOUBLE, STRING, BINARY, "
            + "TIMESTAMP";
    }
    return "type '" + name + "' is not supported: Millrace has no " + lacking;
  }

  public Kind kind() {
    return kind;
  }

  /** The fields of a STRUCT. */
  public Schema fields() {
    if (kind != Kind.STRUCT) {
      throw new IllegalStateException(this + " is not a struct");
    }
    return fields;
  }

  public boolean isNumeric() {
    return kind == Kind.INT || kind == Kind.LONG || kind == Kind.DOUBLE;
  }

  /** The Java class of a non-null value of this type. */
  public Class<?> javaClass() {
    switch (kind) {
      case BOOLEAN: return Boolean.class;
      case INT: return Integer.class;
      case LONG: case TIMESTAMP: return Long.class;
      case DOUBLE: return Double.class;
      case STRING: return String.class;
      case BINARY: return byte[].class;
      default: return Row.class;
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DataType && ((DataType) o).kind == kind && Objects.equals(((DataType) o).fields, fields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, fields);
  }

  /** The DDL spelling, e.g. {@code LONG} or {@code STRUCT<start TIMESTAMP, end TIMESTAMP>}. */
  @Override
  public String toString() {
    return kind == Kind.STRUCT ? "STRUCT<" + fields.toDdl() + ">" : kind.name();
  }
}
