package io.millrace.spi.data;

import java.util.Objects;

/** A named, typed column. Names are case-sensitive and unique within a {@link Schema}. */
public final class Field {
  private final String name;
  private final DataType type;
  private final boolean nullable;

  public Field(String name, DataType type, boolean nullable) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a field needs a non-blank name");
    }
    this.name = name;
    this.type = Objects.requireNonNull(type, "type");
    this.nullable = nullable;
  }

  /** A nullable field. */
  public static Field of(String name, DataType type) {
    return new Field(name, type, true);
  }

  public String name() {
    return name;
  }

  public DataType type() {
    return type;
  }

  public boolean nullable() {
    return nullable;
  }

  public Field withName(String newName) {
    return new Field(newName, type, nullable);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Field)) {
      return false;
    }
    Field f = (Field) o;
    return f.name.equals(name) && f.type.equals(type) && f.nullable == nullable;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, type, nullable);
  }

  /** The DDL of the field, {@code name TYPE [NOT NULL]}, the name in backticks where it needs them. */
  @Override
  public String toString() {
    return ddlName() + " " + type + (nullable ? "" : " NOT NULL");
  }

  private String ddlName() {
    for (int i = 0; i < name.length(); i++) {
      if (TypeParser.needsQuotes(name.charAt(i))) {
        return "`" + name.replace("`", "``") + "`";
      }
    }
    return name;
  }
}
