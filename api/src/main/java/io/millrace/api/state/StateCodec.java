package io.millrace.api.state;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * How a state variable's values are kept: as rows of {@link #schema()}, so that the engine stores
 * them in its own row encoding on every state store, and the checkpoint records each variable's
 * schema: a restart whose codecs give another schema reads the stored values converted when
 * {@link StateSchemaEvolution} can read them so (nullable fields added, numbers widened), and is
 * refused at start, naming the variable and both schemas, otherwise. No Java
 * serialization: a value's shape is its schema. {@link StateCodecs} makes codecs for records, primitives and rows.
 *
 * @param <T> the values' type
 */
public interface StateCodec<T> {
  /** The shape a value is kept as. */
  Schema schema();

  /** {@code value}, never null, as a row of {@link #schema()}. */
  Row encode(T value);

  /** The value a row of {@link #schema()} holds. */
  T decode(Row row);

  /** What the values are, for messages: a record's class, a primitive's name, a row's schema. */
  String describe();
}
