package io.millrace.runtime.state;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Turns rows of one schema into the bytes a state store keeps, and back. Equal rows encode to
 * equal bytes, so encoded keys can be compared and hashed as they are.
 */
final class RowCodec {
  private final Schema schema;

  RowCodec(Schema schema) {
    this.schema = schema;
  }

  byte[] encode(Row row) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      write(out, schema, row);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array cannot fail to grow
    }
    return bytes.toByteArray();
  }

  Row decode(byte[] bytes) {
    try {
      DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(bytes));
      Row row = read(in, schema);
      if (in.available() != 0) {
        throw new CorruptFileException("state", in.available() + " unexpected bytes after a row of " + schema);
      }
      return row;
    } catch (IOException e) {
      throw new CorruptFileException("state", "a value does not decode as " + schema + ": " + e.getMessage(), e);
    }
  }

  private static void write(DataOutputStream out, Schema schema, Row row) throws IOException {
    for (int i = 0; i < schema.size(); i++) {
      Object v = row.get(i);
      if (v == null) {
        out.writeByte(0);
        continue;
      }
      out.writeByte(1);
      DataType type = schema.field(i).type();
      switch (type.kind()) {
        case BOOLEAN: out.writeBoolean((Boolean) v); break;
        case INT: out.writeInt((Integer) v); break;
        case LONG: case TIMESTAMP: out.writeLong((Long) v); break;
        case DOUBLE: out.writeDouble((Double) v); break;
        case STRING: writeBytes(out, ((String) v).getBytes(StandardCharsets.UTF_8)); break;
        case BINARY: writeBytes(out, (byte[]) v); break;
        default: write(out, type.fields(), (Row) v);
      }
    }
  }

  private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
    out.writeInt(b.length);
    out.write(b);
  }

  private static Row read(DataInputStream in, Schema schema) throws IOException {
    Object[] values = new Object[schema.size()];
    for (int i = 0; i < values.length; i++) {
      if (in.readByte() == 0) {
        continue;
      }
      Field f = schema.field(i);
      switch (f.type().kind()) {
        case BOOLEAN: values[i] = in.readBoolean(); break;
        case INT: values[i] = in.readInt(); break;
        case LONG: case TIMESTAMP: values[i] = in.readLong(); break;
        case DOUBLE: values[i] = in.readDouble(); break;
        case STRING: values[i] = new String(readBytes(in), StandardCharsets.UTF_8); break;
        case BINARY: values[i] = readBytes(in); break;
        default: values[i] = read(in, f.type().fields());
      }
    }
    return Row.wrap(values);
  }

  private static byte[] readBytes(DataInputStream in) throws IOException {
    byte[] b = new byte[in.readInt()];
    in.readFully(b);
    return b;
  }
}
