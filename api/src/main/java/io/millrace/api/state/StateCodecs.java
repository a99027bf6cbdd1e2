package io.millrace.api.state;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * Codecs for state values: a Java record (its components become the fields, nested records,
 * lists and maps included), a single value of a primitive or simple type, or a row of a given
 * schema. A codec made once can be shared: it keeps no per-value state.
 */
public final class StateCodecs {
  private StateCodecs() {}

  /**
   * Values of a record class, kept as a row with one field per component, in declaration order.
   * A primitive component is a non-nullable field; any other is nullable. An {@code Instant} is
   * kept to the microsecond (as a TIMESTAMP); a {@code BigDecimal} as DECIMAL(38, 18), refusing
   * one with more decimal places.
   *
   * @throws IllegalArgumentException naming the component whose type has no field type
   */
  public static <R extends Record> StateCodec<R> record(Class<R> type) {
    return RecordCodec.of(type);
  }

  /**
   * Single values of {@code type}: {@code Long}, {@code Integer}, {@code Short}, {@code Byte},
   * {@code Double}, {@code Float}, {@code Boolean}, {@code String}, {@code byte[]},
   * {@code java.time.Instant}, {@code java.time.LocalDate} or {@code java.math.BigDecimal} (as
   * DECIMAL(38, 18)), kept as a row with one non-nullable field {@code value}.
   */
  public static <T> StateCodec<T> value(Class<T> type) {
    return SingleValueCodec.of(type);
  }

  /** Rows of {@code schema}, kept as they are. */
  public static StateCodec<Row> row(Schema schema) {
    return new StateCodec<>() {
      @Override
      public Schema schema() {
        return schema;
      }

      @Override
      public Row encode(Row value) {
        if (value.size() != schema.size()) {
          throw new IllegalArgumentException("a state row of " + schema + " needs " + schema.size() + " values, but "
              + value + " has " + value.size());
        }
        return value;
      }

      @Override
      public Row decode(Row row) {
        return row;
      }

      @Override
      public String describe() {
        return "rows of " + schema;
      }
    };
  }
}
