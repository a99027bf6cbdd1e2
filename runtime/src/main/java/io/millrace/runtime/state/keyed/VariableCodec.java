package io.millrace.runtime.state.keyed;

import io.millrace.runtime.state.RowCodec;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * Rows of one schema of one state variable, to bytes and back. A row that does not fit the
 * schema is refused with the variable named, not written as bytes another schema would read.
 */
final class VariableCodec {
  private final String what;
  private final Schema schema;
  private final RowCodec codec;

  /** {@code what} names the variable and part in messages: "value of state variable 'count' of operator 'x'". */
  VariableCodec(String what, Schema schema) {
    this.what = what;
    this.schema = schema;
    this.codec = new RowCodec(schema);
  }

  byte[] encode(Row row) {
    if (row == null) {
      throw new IllegalArgumentException("the " + what + " cannot be null; clear or remove it instead");
    }
    if (row.size() != schema.size()) {
      throw refused(row, null);
    }
    try {
      return codec.encode(row);
    } catch (ClassCastException e) {
      throw refused(row, e);
    }
  }

  Row decode(byte[] bytes) {
    return codec.decode(bytes);
  }

  /** Decodes the row that fills {@code bytes} from {@code offset} to its end. */
  Row decodeFrom(byte[] bytes, int offset) {
    return codec.decode(java.util.Arrays.copyOfRange(bytes, offset, bytes.length));
  }

  private IllegalArgumentException refused(Row row, Exception cause) {
    return new IllegalArgumentException("the " + what + " takes rows of [" + schema.toDdl() + "], not " + row, cause);
  }
}
