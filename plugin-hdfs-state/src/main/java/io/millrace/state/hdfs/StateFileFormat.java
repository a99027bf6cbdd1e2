package io.millrace.state.hdfs;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The layout of {@code <v>.delta} and {@code <v>.snapshot} files.
 *
 * <pre>
 * header (19 bytes, never compressed)
 *   magic "MRHS" | format 1 | kind 'D' or 'S' | codec 0 none, 1 lz4, 2 zstd | version (8 bytes)
 *   | CRC32C of the 15 bytes before it (4 bytes)
 * body: the payload, compressed with the header's codec
 * payload
 *   records in strictly increasing unsigned key order, each
 *     key length (4 bytes, >= 0) | key | value length (4 bytes; -1 = deletion marker, deltas only) | value
 *   terminator: key length -1
 *   record count (8 bytes)
 *   CRC32C of every payload byte before it (4 bytes)
 * </pre>
 *
 * Integers are big-endian. The payload checksum is of the uncompressed bytes, so it catches
 * damage whatever the codec; the count and terminator catch a truncation that happens to end
 * on a record boundary; sorted keys make equal contents give equal files.
 */
final class StateFileFormat {
  static final int MAGIC = 0x4D524853; // "MRHS"
  static final int FORMAT = 1;
  static final int HEADER_BYTES = 19;
  static final int TERMINATOR = -1;
  static final int DELETION = -1;

  private StateFileFormat() {}

  static byte[] header(StateFileKind kind, CompressionCodec codec, long version) {
    ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
    header.putInt(MAGIC).put((byte) FORMAT).put(kind.tag).put((byte) codec.id).putLong(version);
    header.putInt(crc(header.array(), HEADER_BYTES - 4));
    return header.array();
  }

  static int crc(byte[] bytes, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, length);
    return (int) crc.getValue();
  }
}
