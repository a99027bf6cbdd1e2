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
   * Parses Spark's DDL, such as {@code "ts TIMESTAMP, key STRING NOT NULL, amount DECIMAL(10,2),
   * tags ARRAY<STRING>, attrs MAP<STRING, INT>, loc STRUCT<lat: DOUBLE, lon: DOUBLE>"}; see
   * {@link DataType#parse} for the types.
   *
   * @throws IllegalArgumentException naming the part that cannot be parsed
   */
  public static Schema parse(String ddl) {
    if (ddl.isBlank()) {
      throw new IllegalArgumentException("empty schema '" + ddl + "'");
    }
    try {
      return new Schema(TypeParser.parseFields(ddl));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("schema '" + ddl + "': " + e.getMessage(), e);
    }
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
