package io.millrace.runtime.state;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Schema;
import io.millrace.spi.data.Row;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns rows of one schema into the bytes a state store keeps, and back. Equal rows encode to
 * equal bytes, so encoded keys can be compared and hashed as they are.
 *
 * <p>Each field is a presence byte (0 = null) and, when present, its value big-endian: BOOLEAN
 * one byte, INT four, LONG, TIMESTAMP and DOUBLE eight, STRING (UTF-8) and BINARY a four-byte
 * length and the bytes, STRUCT its fields the same way. This is the layout
 * {@code DataOutputStream} writes; the codec writes and reads the bytes itself because the
 * streams cost two buffers per decode and a synchronized call per field, on every state row of
 * every batch. {@link #longAt} reads one LONG or TIMESTAMP without decoding the row, for the
 * watermark's scan over all keys.
 */
final class RowCodec {
  private final Schema schema;

  RowCodec(Schema schema) {
    this.schema = schema;
  }

  byte[] encode(Row row) {
    Writer out = new Writer();
    write(out, schema, row);
    return out.toByteArray();
  }

  Row decode(byte[] bytes) {
    Reader in = new Reader(bytes);
    Row row = read(in, schema);
    if (in.pos != bytes.length) {
      throw new CorruptFileException("state", (bytes.length - in.pos) + " unexpected bytes after a row of " + schema);
    }
    return row;
  }

  /**
   * The LONG or TIMESTAMP of field {@code field} of an encoded row, or of field {@code inner}
   * of the STRUCT there when {@code inner >= 0}; {@code ifNull} when it is null.
   */
  long longAt(byte[] bytes, int field, int inner, long ifNull) {
    Reader in = new Reader(bytes);
    Schema s = schema;
    skipFields(in, s, field);
    if (in.readByte() == 0) {
      return ifNull;
    }
    if (inner >= 0) {
      s = s.field(field).type().fields();
      skipFields(in, s, inner);
      if (in.readByte() == 0) {
        return ifNull;
      }
    }
    return in.readLong();
  }

  private static void skipFields(Reader in, Schema schema, int count) {
    for (int i = 0; i < count; i++) {
      if (in.readByte() == 0) {
        continue;
      }
      DataType type = schema.field(i).type();
      switch (type.kind()) {
        case BOOLEAN: in.skip(1); break;
        case INT: in.skip(4); break;
        case LONG: case TIMESTAMP: case DOUBLE: in.skip(8); break;
        case STRING: case BINARY: in.skip(in.readInt()); break;
        default: skipFields(in, type.fields(), type.fields().size());
      }
    }
  }

  private static void write(Writer out, Schema schema, Row row) {
    for (int i = 0; i < schema.size(); i++) {
      Object v = row.get(i);
      if (v == null) {
        out.writeByte(0);
        continue;
      }
      out.writeByte(1);
      DataType type = schema.field(i).type();
      switch (type.kind()) {
        case BOOLEAN: out.writeByte((Boolean) v ? 1 : 0); break;
        case INT: out.writeInt((Integer) v); break;
        case LONG: case TIMESTAMP: out.writeLong((Long) v); break;
        case DOUBLE: out.writeLong(Double.doubleToLongBits((Double) v)); break;
        case STRING: out.writeBytes(((String) v).getBytes(StandardCharsets.UTF_8)); break;
        case BINARY: out.writeBytes((byte[]) v); break;
        default: write(out, type.fields(), (Row) v);
      }
    }
  }

  private static Row read(Reader in, Schema schema) {
    Object[] values = new Object[schema.size()];
    for (int i = 0; i < values.length; i++) {
      if (in.readByte() == 0) {
        continue;
      }
      DataType type = schema.field(i).type();
      switch (type.kind()) {
        case BOOLEAN: values[i] = in.readByte() != 0; break;
        case INT: values[i] = in.readInt(); break;
        case LONG: case TIMESTAMP: values[i] = in.readLong(); break;
        case DOUBLE: values[i] = Double.longBitsToDouble(in.readLong()); break;
        case STRING: values[i] = in.readString(); break;
        case BINARY: values[i] = in.readBytes(); break;
        default: values[i] = read(in, type.fields());
      }
    }
    return Row.wrap(values);
  }

  /** A growable big-endian byte buffer. */
  private static final class Writer {
    private byte[] buf = new byte[32];
    private int len;

    private void ensure(int n) {
      if (len + n > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
      }
    }

    void writeByte(int b) {
      ensure(1);
      buf[len++] = (byte) b;
    }

    void writeInt(int v) {
      ensure(4);
      for (int shift = 24; shift >= 0; shift -= 8) {
        buf[len++] = (byte) (v >>> shift);
      }
    }

    void writeLong(long v) {
      ensure(8);
      for (int shift = 56; shift >= 0; shift -= 8) {
        buf[len++] = (byte) (v >>> shift);
      }
    }

    void writeBytes(byte[] b) {
      writeInt(b.length);
      ensure(b.length);
      System.arraycopy(b, 0, buf, len, b.length);
      len += b.length;
    }

    byte[] toByteArray() {
      return Arrays.copyOf(buf, len);
    }
  }

  /** Reads big-endian values; running past the end means the bytes are not a row of the schema. */
  private final class Reader {
    private final byte[] b;
    private int pos;

    Reader(byte[] b) {
      this.b = b;
    }

    private void need(int n) {
      if (n < 0 || pos + n > b.length) {
        throw new CorruptFileException("state", "a value does not decode as " + schema + ": it ends after "
            + b.length + " bytes");
      }
    }

    void skip(int n) {
      need(n);
      pos += n;
    }

    int readByte() {
      need(1);
      return b[pos++];
    }

    int readInt() {
      need(4);
      int v = 0;
      for (int i = 0; i < 4; i++) {
        v = (v << 8) | (b[pos++] & 0xff);
      }
      return v;
    }

    long readLong() {
      need(8);
      long v = 0;
      for (int i = 0; i < 8; i++) {
        v = (v << 8) | (b[pos++] & 0xff);
      }
      return v;
    }

    byte[] readBytes() {
      int n = readInt();
      need(n);
      byte[] out = Arrays.copyOfRange(b, pos, pos + n);
      pos += n;
      return out;
    }

    String readString() {
      int n = readInt();
      need(n);
      String s = new String(b, pos, n, StandardCharsets.UTF_8);
      pos += n;
      return s;
    }
  }
}
