package io.millrace.api.state;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/** Single values of a simple type, as rows of one field {@code value} ({@link StateCodecs#value}). */
final class SingleValueCodec<T> implements StateCodec<T> {
  private final Class<T> type;
  private final DataType fieldType;
  private final Schema schema;

  private SingleValueCodec(Class<T> type, DataType fieldType) {
    this.type = type;
    this.fieldType = fieldType;
    this.schema = Schema.of(new Field("value", fieldType, false));
  }

  static <T> SingleValueCodec<T> of(Class<T> type) {
    if (type.isRecord() || type.isPrimitive()) {
      throw new IllegalArgumentException("StateCodecs.value takes a simple boxed type such as Long.class; for "
          + type.getName() + " use " + (type.isRecord() ? "StateCodecs.record" : "its box"));
    }
    return new SingleValueCodec<>(type, JavaTypes.fieldType(type, "a state value"));
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public Row encode(T value) {
    if (value == null) {
      throw new IllegalArgumentException("a state value cannot be null; clear the variable instead");
    }
    return Row.of(JavaTypes.toEngine(value, fieldType));
  }

  @Override
  public T decode(Row row) {
    return type.cast(JavaTypes.toJava(row.get(0), fieldType, type));
  }

  @Override
  public String describe() {
    return type.getSimpleName();
  }
}
