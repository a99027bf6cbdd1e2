package io.millrace.runtime.state;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Schema;
import io.millrace.spi.data.Row;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

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
public final class RowCodec {
  // Whole ints and longs at a time: the byte-by-byte shifts were a twentieth of a windowed
  // aggregation's samples, encoding each touched group's value.
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final Schema schema;
  private final Layout layout;
  /**
   * The size of the last row encoded, the first guess for the next: rows of one schema are
   * mostly one size, and a right guess saves a copy. Shared by task threads without locking;
   * a stale value only costs a copy.
   */
  private int lastSize = 32;

  public RowCodec(Schema schema) {
    this.schema = schema;
    this.layout = new Layout(schema);
  }

  /**
   * A schema's field kinds as an array, and its STRUCT fields' layouts: the codec runs on every
   * touched state row of every batch, and walking the schema's objects per field was a
   * noticeable part of it.
   */
  private static final class Layout {
    final DataType.Kind[] kinds;
    final Layout[] structs;

    Layout(Schema schema) {
      kinds = new DataType.Kind[schema.size()];
      structs = new Layout[schema.size()];
      for (int i = 0; i < kinds.length; i++) {
        DataType type = schema.field(i).type();
        kinds[i] = type.kind();
        if (kinds[i] == DataType.Kind.STRUCT) {
          structs[i] = new Layout(type.fields());
        }
      }
    }
  }

  public byte[] encode(Row row) {
    return encodeColumns(row, null);
  }

  /**
   * Encodes, as a row of this codec's schema, the values at {@code columns} of {@code row} (all
   * of its values, in order, when null): a key taken straight from an input row, with no key
   * row built first.
   */
  byte[] encodeColumns(Row row, int[] columns) {
    Writer out = new Writer(lastSize);
    writeColumns(out, layout, row, columns);
    byte[] bytes = out.toByteArray();
    lastSize = bytes.length;
    return bytes;
  }

  /**
   * Appends the encoding of {@link #encodeColumns} to {@code out}, a buffer a caller reuses:
   * keys encoded one after the other into one array, with no array per key.
   */
  void appendColumns(Row row, int[] columns, Writer out) {
    writeColumns(out, layout, row, columns);
  }

  public Row decode(byte[] bytes) {
    Reader in = new Reader(bytes);
    Row row = read(in, layout);
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
    skipFields(in, layout, field);
    if (in.readByte() == 0) {
      return ifNull;
    }
    if (inner >= 0) {
      skipFields(in, layout.structs[field], inner);
      if (in.readByte() == 0) {
        return ifNull;
      }
    }
    return in.readLong();
  }

  /**
   * The ranges of encoded rows, as {@code {from, to}} pairs of a range scan, whose first field
   * is a LONG or TIMESTAMP that is not null and in {@code [min, max]}; none when
   * {@code min > max}. The value is big-endian after its presence byte 1, so in unsigned byte
   * order the non-negative values come first and the negative ones after them: a span across
   * zero is two ranges.
   */
  static List<byte[][]> leadingLongBetween(long min, long max) {
    if (min > max) {
      return List.of();
    }
    if (min < 0 && max >= 0) {
      return List.of(sameSign(0, max), sameSign(min, -1));
    }
    return List.<byte[][]>of(sameSign(min, max));
  }

  /**
   * A bound of {@link #leadingLongBetween} moved into a leading STRUCT: the same bound on the
   * struct's first field, for rows whose first field is a present struct.
   */
  static byte[] presentStruct(byte[] bound) {
    byte[] moved = new byte[bound.length + 1];
    moved[0] = 1;
    System.arraycopy(bound, 0, moved, 1, bound.length);
    return moved;
  }

  /** {@code [min, max]} of values of one sign as a range scan's bounds. */
  private static byte[][] sameSign(long min, long max) {
    // Past the largest value comes the smallest negative one; past -1, rows whose first field
    // is not a present long.
    byte[] end = max == Long.MAX_VALUE ? leadingLong(Long.MIN_VALUE) : max == -1 ? new byte[] {2} : leadingLong(max + 1);
    return new byte[][] {leadingLong(min), end};
  }

  private static byte[] leadingLong(long value) {
    byte[] bytes = new byte[9];
    bytes[0] = 1;
    LONG.set(bytes, 1, value);
    return bytes;
  }

  private static void skipFields(Reader in, Layout layout, int count) {
    for (int i = 0; i < count; i++) {
      if (in.readByte() == 0) {
        continue;
      }
      switch (layout.kinds[i]) {
        case BOOLEAN: in.skip(1); break;
        case INT: in.skip(4); break;
        case LONG: case TIMESTAMP: case DOUBLE: in.skip(8); break;
        case STRING: case BINARY: in.skip(in.readInt()); break;
        default: skipFields(in, layout.structs[i], layout.structs[i].kinds.length);
      }
    }
  }

  private static void write(Writer out, Layout layout, Row row) {
    writeColumns(out, layout, row, null);
  }

  private static void writeColumns(Writer out, Layout layout, Row row, int[] columns) {
    DataType.Kind[] kinds = layout.kinds;
    for (int i = 0; i < kinds.length; i++) {
      Object v = row.get(columns == null ? i : columns[i]);
      if (v == null) {
        out.writeByte(0);
        continue;
      }
      out.writeByte(1);
      switch (kinds[i]) {
        case BOOLEAN: out.writeByte((Boolean) v ? 1 : 0); break;
        case INT: out.writeInt((Integer) v); break;
        case LONG: case TIMESTAMP: out.writeLong((Long) v); break;
        case DOUBLE: out.writeLong(Double.doubleToLongBits((Double) v)); break;
        case STRING: out.writeBytes(((String) v).getBytes(StandardCharsets.UTF_8)); break;
        case BINARY: out.writeBytes((byte[]) v); break;
        default: write(out, layout.structs[i], (Row) v);
      }
    }
  }

  private static Row read(Reader in, Layout layout) {
    DataType.Kind[] kinds = layout.kinds;
    Object[] values = new Object[kinds.length];
    for (int i = 0; i < values.length; i++) {
      if (in.readByte() == 0) {
        continue;
      }
      switch (kinds[i]) {
        case BOOLEAN: values[i] = in.readByte() != 0; break;
        case INT: values[i] = in.readInt(); break;
        case LONG: case TIMESTAMP: values[i] = in.readLong(); break;
        case DOUBLE: values[i] = Double.longBitsToDouble(in.readLong()); break;
        case STRING: values[i] = in.readString(); break;
        case BINARY: values[i] = in.readBytes(); break;
        default: values[i] = read(in, layout.structs[i]);
      }
    }
    return Row.wrap(values);
  }

  /** A growable big-endian byte buffer. */
  static final class Writer {
    private byte[] buf;
    private int len;

    Writer(int capacity) {
      buf = new byte[Math.max(capacity, 1)];
    }

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
      INT.set(buf, len, v);
      len += 4;
    }

    void writeLong(long v) {
      ensure(8);
      LONG.set(buf, len, v);
      len += 8;
    }

    void writeBytes(byte[] b) {
      writeInt(b.length);
      ensure(b.length);
      System.arraycopy(b, 0, buf, len, b.length);
      len += b.length;
    }

    byte[] toByteArray() {
      return len == buf.length ? buf : Arrays.copyOf(buf, len);
    }

    void reset() {
      len = 0;
    }

    /** The bytes written so far are {@code array()[0, length())}; the array changes as it grows. */
    byte[] array() {
      return buf;
    }

    int length() {
      return len;
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
      int v = (int) INT.get(b, pos);
      pos += 4;
      return v;
    }

    long readLong() {
      need(8);
      long v = (long) LONG.get(b, pos);
      pos += 8;
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
