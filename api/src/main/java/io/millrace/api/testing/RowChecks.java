package io.millrace.api.testing;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Optional;

/** Whether a row fits a schema: arity, the Java class of each value, nullability, nested structs. */
final class RowChecks {

  private RowChecks() {}

  /** What is wrong with {@code row} for {@code schema}, or empty if it fits. */
  static Optional<String> problem(Schema schema, Row row) {
    if (row == null) {
      return Optional.of("the row is null");
    }
    if (row.size() != schema.size()) {
      return Optional.of("it has " + row.size() + " values but the schema has " + schema.size() + " columns");
    }
    for (int i = 0; i < schema.size(); i++) {
      Optional<String> problem = problem(schema.field(i), row.get(i));
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> problem(Field field, Object value) {
    DataType type = field.type();
    if (value == null) {
      return field.nullable() ? Optional.empty() : Optional.of("column '" + field.name() + "' is NOT NULL but holds null");
    }
    if (!type.javaClass().isInstance(value)) {
      return Optional.of("column '" + field.name() + "' of type " + type + " needs a " + type.javaClass().getSimpleName()
          + " but holds a " + value.getClass().getSimpleName() + " (" + value + ")");
    }
    if (type.kind() == DataType.Kind.STRUCT) {
      return problem(type.fields(), (Row) value).map(p -> "in struct column '" + field.name() + "': " + p);
    }
    return Optional.empty();
  }
}
