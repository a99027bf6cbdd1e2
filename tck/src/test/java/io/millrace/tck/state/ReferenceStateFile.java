package io.millrace.tck.state;

import io.millrace.spi.CorruptFileException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * The reference store's file format, one file per version: {@code "MRTS"}, a kind byte
 * (snapshot or delta), the version, the entry count, each entry as {@code int keyLen, key,
 * int valueLen, value} (valueLen -1 for a removal in a delta), then a CRC32 of everything
 * before it. Entries are written in key order, so equal contents give equal bytes.
 */
final class ReferenceStateFile {
  enum Kind { SNAPSHOT, DELTA }

  private static final int MAGIC = 0x4D525453; // "MRTS"

  private ReferenceStateFile() {}

  static NavigableMap<byte[], byte[]> newMap() {
    return new TreeMap<>(Arrays::compareUnsigned);
  }

  static byte[] encode(Kind kind, long version, Map<byte[], byte[]> entries) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(MAGIC);
      out.writeByte(kind.ordinal());
      out.writeLong(version);
      out.writeInt(entries.size());
      for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
        out.writeInt(e.getKey().length);
        out.write(e.getKey());
        out.writeInt(e.getValue() == null ? -1 : e.getValue().length);
        if (e.getValue() != null) {
          out.write(e.getValue());
        }
      }
      CRC32 crc = new CRC32();
      crc.update(bytes.toByteArray());
      out.writeLong(crc.getValue());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** The entries of a file that must be a {@code kind} of {@code version}; a removal is a null value. */
  static NavigableMap<byte[], byte[]> decode(String path, byte[] bytes, Kind kind, long version) {
    if (bytes.length < 4 + 1 + 8 + 4 + 8) {
      throw new CorruptFileException(path, "only " + bytes.length + " bytes, shorter than the header and checksum");
    }
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 8);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    if (in.getLong(bytes.length - 8) != crc.getValue()) {
      throw new CorruptFileException(path, "checksum mismatch (truncated or damaged)");
    }
    try {
      if (in.getInt() != MAGIC || in.get() != kind.ordinal() || in.getLong() != version) {
        throw new CorruptFileException(path, "not a " + kind + " of version " + version);
      }
      int count = in.getInt();
      NavigableMap<byte[], byte[]> entries = newMap();
      for (int i = 0; i < count; i++) {
        byte[] key = new byte[in.getInt()];
        in.get(key);
        int length = in.getInt();
        byte[] value = length < 0 ? null : new byte[length];
        if (value != null) {
          in.get(value);
        }
        entries.put(key, value);
      }
      if (in.remaining() != 8) {
        throw new CorruptFileException(path, in.remaining() - 8 + " stray bytes after the entries");
      }
      return entries;
    } catch (BufferUnderflowException | NegativeArraySizeException e) {
      throw new CorruptFileException(path, "entries run past the end of the file", e);
    }
  }
}
