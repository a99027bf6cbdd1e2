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
 * and BYTE one byte, SHORT two, INT, DATE and FLOAT (its bits) four, LONG, TIMESTAMP,
 * TIMESTAMP_NTZ and DOUBLE eight, STRING (UTF-8) and BINARY a four-byte length and the bytes,
 * DECIMAL its unscaled value (eight bytes up to precision 18, else a length and its two's
 * complement bytes; the scale is the type's), STRUCT its fields the same way, ARRAY a count and
 * each element as a field, MAP a count and each key (never null) then its value as a field.
 * This is the layout
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
    final DataType[] types;
    final Layout[] structs;
    /**
     * The element layout of each ARRAY of STRUCT field: a list of records is the usual shape
     * of a processor's state, and a layout made per element was a tenth of the bytes a
     * sessionizer's run allocated.
     */
    final Layout[] structElements;

    Layout(Schema schema) {
      kinds = new DataType.Kind[schema.size()];
      types = new DataType[schema.size()];
      structs = new Layout[schema.size()];
      structElements = new Layout[schema.size()];
      for (int i = 0; i < kinds.length; i++) {
        DataType type = schema.field(i).type();
        types[i] = type;
        kinds[i] = type.kind();
        if (kinds[i] == DataType.Kind.STRUCT) {
          structs[i] = new Layout(type.fields());
        } else if (kinds[i] == DataType.Kind.ARRAY && type.elementType().kind() == DataType.Kind.STRUCT) {
          structElements[i] = new Layout(type.elementType().fields());
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
    return decode(bytes, bytes.length);
  }

  /** The row encoded in the first {@code length} bytes of {@code bytes}; what follows is the caller's. */
  Row decode(byte[] bytes, int length) {
    Reader in = new Reader(bytes);
    Row row = read(in, layout);
    if (in.pos != length) {
      throw new CorruptFileException("state", (length - in.pos) + " unexpected bytes after a row of " + schema);
    }
    return row;
  }

  /** The encoding of {@code row} followed by one more byte, {@code trailer}, in one array. */
  byte[] encodeWithTrailer(Row row, int trailer) {
    Writer out = new Writer(lastSize + 1);
    writeColumns(out, layout, row, null);
    out.writeByte(trailer);
    byte[] bytes = out.toByteArray();
    lastSize = bytes.length - 1;
    return bytes;
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

  /** How many bytes the row encoded from {@code offset} of {@code bytes} takes: where what follows it starts. */
  public int encodedLength(byte[] bytes, int offset) {
    Reader in = new Reader(bytes);
    in.pos = offset;
    skipFields(in, layout, layout.kinds.length);
    return in.pos - offset;
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
        case BOOLEAN: case BYTE: in.skip(1); break;
        case SHORT: in.skip(2); break;
        case INT: case DATE: case FLOAT: in.skip(4); break;
        case LONG: case TIMESTAMP: case TIMESTAMP_NTZ: case DOUBLE: in.skip(8); break;
        case STRING: case BINARY: in.skip(in.readInt()); break;
        case STRUCT: skipFields(in, layout.structs[i], layout.structs[i].kinds.length); break;
        default: readValue(in, layout.types[i]);
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
        case STRING: out.writeString((String) v); break;
        case BINARY: out.writeBytes((byte[]) v); break;
        case STRUCT: write(out, layout.structs[i], (Row) v); break;
        case ARRAY:
          if (layout.structElements[i] != null) {
            writeStructs(out, layout.structElements[i], (List<?>) v);
            break;
          }
          writeValue(out, layout.types[i], v);
          break;
        default: writeValue(out, layout.types[i], v);
      }
    }
  }

  /** An ARRAY of STRUCT as {@link #writeValue} writes it, each element by the one {@code element} layout. */
  private static void writeStructs(Writer out, Layout element, List<?> list) {
    out.writeInt(list.size());
    for (Object e : list) {
      if (e == null) {
        out.writeByte(0);
      } else {
        out.writeByte(1);
        write(out, element, (Row) e);
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
        case STRUCT: values[i] = read(in, layout.structs[i]); break;
        case ARRAY:
          values[i] = layout.structElements[i] != null
              ? readStructs(in, layout.structElements[i]) : readValue(in, layout.types[i]);
          break;
        default: values[i] = readValue(in, layout.types[i]);
      }
    }
    return Row.wrap(values);
  }

  /** An ARRAY of STRUCT as {@link #readValue} reads it, each element by the one {@code element} layout. */
  private static List<Object> readStructs(Reader in, Layout element) {
    int n = in.readCount();
    List<Object> list = new java.util.ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(in.readByte() == 0 ? null : read(in, element));
    }
    return java.util.Collections.unmodifiableList(list);
  }

  /**
   * One value of {@code type}, not null, by its type alone: the types the loops above leave to
   * it (the newer and nested ones), and the elements, keys and values of arrays and maps.
   */
  private static void writeValue(Writer out, DataType type, Object v) {
    switch (type.kind()) {
      case BOOLEAN: out.writeByte((Boolean) v ? 1 : 0); break;
      case BYTE: out.writeByte((Byte) v); break;
      case SHORT: out.writeShort((Short) v); break;
      case INT: case DATE: out.writeInt((Integer) v); break;
      case FLOAT: out.writeInt(Float.floatToIntBits((Float) v)); break;
      case LONG: case TIMESTAMP: case TIMESTAMP_NTZ: out.writeLong((Long) v); break;
      case DOUBLE: out.writeLong(Double.doubleToLongBits((Double) v)); break;
      case STRING: out.writeString((String) v); break;
      case BINARY: out.writeBytes((byte[]) v); break;
      case DECIMAL: {
        java.math.BigInteger unscaled = ((java.math.BigDecimal) v).setScale(type.scale()).unscaledValue();
        if (type.precision() <= 18) {
          out.writeLong(unscaled.longValueExact());
        } else {
          out.writeBytes(unscaled.toByteArray());
        }
        break;
      }
      case ARRAY: {
        List<?> list = (List<?>) v;
        out.writeInt(list.size());
        for (Object e : list) {
          writeNullable(out, type.elementType(), e);
        }
        break;
      }
      case MAP: {
        java.util.Map<?, ?> map = (java.util.Map<?, ?>) v;
        out.writeInt(map.size());
        for (java.util.Map.Entry<?, ?> e : map.entrySet()) {
          writeValue(out, type.keyType(), e.getKey());
          writeNullable(out, type.valueType(), e.getValue());
        }
        break;
      }
      default: write(out, new Layout(type.fields()), (Row) v);
    }
  }

  private static void writeNullable(Writer out, DataType type, Object v) {
    if (v == null) {
      out.writeByte(0);
    } else {
      out.writeByte(1);
      writeValue(out, type, v);
    }
  }

  private static Object readValue(Reader in, DataType type) {
    switch (type.kind()) {
      case BOOLEAN: return in.readByte() != 0;
      case BYTE: return (byte) in.readByte();
      case SHORT: return in.readShort();
      case INT: case DATE: return in.readInt();
      case FLOAT: return Float.intBitsToFloat(in.readInt());
      case LONG: case TIMESTAMP: case TIMESTAMP_NTZ: return in.readLong();
      case DOUBLE: return Double.longBitsToDouble(in.readLong());
      case STRING: return in.readString();
      case BINARY: return in.readBytes();
      case DECIMAL: {
        java.math.BigInteger unscaled = type.precision() <= 18
            ? java.math.BigInteger.valueOf(in.readLong()) : new java.math.BigInteger(in.readBytes());
        return new java.math.BigDecimal(unscaled, type.scale());
      }
      case ARRAY: {
        int n = in.readCount();
        List<Object> list = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          list.add(in.readByte() == 0 ? null : readValue(in, type.elementType()));
        }
        return java.util.Collections.unmodifiableList(list);
      }
      case MAP: {
        int n = in.readCount();
        java.util.Map<Object, Object> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          Object key = readValue(in, type.keyType());
          map.put(key, in.readByte() == 0 ? null : readValue(in, type.valueType()));
        }
        return java.util.Collections.unmodifiableMap(map);
      }
      default: return read(in, new Layout(type.fields()));
    }
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

    void writeShort(short v) {
      ensure(2);
      buf[len++] = (byte) (v >> 8);
      buf[len++] = (byte) v;
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

    /**
     * {@link #writeBytes} of the text's UTF-8, written straight into the buffer where the text
     * is ASCII: an array per string key made and dropped was 7 % of what the session_window
     * benchmark allocated.
     */
    void writeString(String s) {
      int n = s.length();
      ensure(Integer.BYTES + n);
      int at = len + Integer.BYTES;
      for (int i = 0; i < n; i++) {
        char c = s.charAt(i);
        if (c >= 0x80) {
          writeBytes(s.getBytes(StandardCharsets.UTF_8)); // over what was written of it: len has not moved
          return;
        }
        buf[at + i] = (byte) c;
      }
      INT.set(buf, len, n);
      len = at + n;
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

    short readShort() {
      need(2);
      short v = (short) ((b[pos] << 8) | (b[pos + 1] & 0xff));
      pos += 2;
      return v;
    }

    /** A count of elements: each takes a byte at least, so a count beyond the bytes left is corrupt. */
    int readCount() {
      int n = readInt();
      need(n);
      return n;
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
