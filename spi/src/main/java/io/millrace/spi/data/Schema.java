package io.millrace.spi.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An ordered list of uniquely named fields: the shape of every {@link Row} of a stream. */
public final class Schema implements Iterable<Field> {
  private final List<Field> fields;
  private final Map<String, Integer> indexByName;

  private Schema(List<Field> fields) {
    this.fields = Collections.unmodifiableList(new ArrayList<>(fields));
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < fields.size(); i++) {
      if (index.put(fields.get(i).name(), i) != null) {
        throw new IllegalArgumentException("duplicate field name '" + fields.get(i).name() + "' in " + fields);
      }
    }
    this.indexByName = index;
  }

  public static Schema of(List<Field> fields) {
    return new Schema(fields);
  }

  public static Schema of(Field... fields) {
    return new Schema(List.of(fields));
  }

  /**
   * Parses DDL such as {@code "ts TIMESTAMP, key STRING NOT NULL, amount DOUBLE"}. Struct
   * fields are written {@code STRUCT<start TIMESTAMP, end TIMESTAMP>}.
   *
   * @throws IllegalArgumentException naming the part that cannot be parsed
   */
  public static Schema parse(String ddl) {
    List<Field> out = new ArrayList<>();
    for (String part : splitTopLevel(ddl)) {
      String text = part.trim();
      if (text.isEmpty()) {
        throw new IllegalArgumentException("empty field in schema '" + ddl + "'");
      }
      int space = text.indexOf(' ');
      if (space < 0) {
        throw new IllegalArgumentException("field '" + text + "' in schema '" + ddl + "' has no type");
      }
      String name = text.substring(0, space).trim();
      if (name.startsWith("`") && name.endsWith("`") && name.length() > 1) {
        name = name.substring(1, name.length() - 1);
      }
      String typeText = text.substring(space + 1).trim();
      boolean nullable = true;
      if (typeText.toUpperCase(java.util.Locale.ROOT).endsWith(" NOT NULL")) {
        nullable = false;
        typeText = typeText.substring(0, typeText.length() - " NOT NULL".length()).trim();
      }
      DataType type;
      try {
        type = parseType(typeText);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("field '" + name + "' in schema '" + ddl + "': " + e.getMessage(), e);
      }
      out.add(new Field(name, type, nullable));
    }
    return new Schema(out);
  }

  private static DataType parseType(String text) {
    String upper = text.toUpperCase(java.util.Locale.ROOT);
    if (upper.startsWith("STRUCT<") && upper.endsWith(">")) {
      return DataType.struct(parse(text.substring("STRUCT<".length(), text.length() - 1)));
    }
    return DataType.parse(text);
  }

  private static List<String> splitTopLevel(String ddl) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < ddl.length(); i++) {
      char c = ddl.charAt(i);
      if (c == '<') {
        depth++;
      } else if (c == '>') {
        depth--;
      } else if (c == ',' && depth == 0) {
        parts.add(ddl.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(ddl.substring(start));
    return parts;
  }

  public List<Field> fields() {
    return fields;
  }

  public int size() {
    return fields.size();
  }

  public Field field(int index) {
    return fields.get(index);
  }

  /** The position of {@code name}, or -1. */
  public int indexOf(String name) {
    Integer i = indexByName.get(name);
    return i == null ? -1 : i;
  }

  public Optional<Field> find(String name) {
    int i = indexOf(name);
    return i < 0 ? Optional.empty() : Optional.of(fields.get(i));
  }

  public List<String> names() {
    List<String> names = new ArrayList<>(fields.size());
    fields.forEach(f -> names.add(f.name()));
    return names;
  }

  /** The DDL that {@link #parse} reads back into an equal schema. */
  public String toDdl() {
    StringBuilder sb = new StringBuilder();
    for (Field f : fields) {
      sb.append(sb.length() == 0 ? "" : ", ").append(f);
    }
    return sb.toString();
  }

  @Override
  public Iterator<Field> iterator() {
    return fields.iterator();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schema && ((Schema) o).fields.equals(fields);
  }

  @Override
  public int hashCode() {
    return fields.hashCode();
  }

  @Override
  public String toString() {
    return toDdl();
  }
}
