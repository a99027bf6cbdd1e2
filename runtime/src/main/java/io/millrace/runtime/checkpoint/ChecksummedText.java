package io.millrace.runtime.checkpoint;

import io.millrace.spi.CorruptFileException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * The envelope of every checkpoint file: the UTF-8 payload followed by one trailer line
 * {@code #crc32c=<8 hex digits> length=<payload bytes>}. A file without a well-formed trailer
 * was truncated; a file whose payload does not match it was corrupted. Either way it is
 * reported by path and never read as data.
 */
public final class ChecksummedText {
  private static final String TRAILER_PREFIX = "#crc32c=";

  private ChecksummedText() {}

  /** The payload with its trailer appended. */
  public static byte[] seal(String payload) {
    byte[] body = payload.getBytes(StandardCharsets.UTF_8);
    String trailer = TRAILER_PREFIX + String.format("%08x", crc(body)) + " length=" + body.length + "\n";
    byte[] trailerBytes = trailer.getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[body.length + trailerBytes.length];
    System.arraycopy(body, 0, out, 0, body.length);
    System.arraycopy(trailerBytes, 0, out, body.length, trailerBytes.length);
    return out;
  }

  /**
   * The payload of a sealed file.
   *
   * @param path named in the error when the file is truncated or corrupt
   */
  public static String open(String path, byte[] file) {
    if (file.length == 0) {
      throw new CorruptFileException(path, "the file is empty (truncated write?)");
    }
    if (file[file.length - 1] != '\n') {
      throw new CorruptFileException(path, "the checksum trailer is missing or cut off (truncated write?)");
    }
    int start = file.length - 2;
    while (start >= 0 && file[start] != '\n') {
      start--;
    }
    start++;
    String trailer = new String(file, start, file.length - 1 - start, StandardCharsets.US_ASCII);
    if (!trailer.startsWith(TRAILER_PREFIX)) {
      throw new CorruptFileException(path, "no checksum trailer at the end of the file (truncated write?)");
    }
    long expectedCrc;
    int expectedLength;
    try {
      String[] parts = trailer.substring(TRAILER_PREFIX.length()).split(" length=");
      expectedCrc = Long.parseLong(parts[0], 16);
      expectedLength = Integer.parseInt(parts[1]);
    } catch (RuntimeException e) {
      throw new CorruptFileException(path, "malformed checksum trailer '" + trailer + "'");
    }
    if (expectedLength != start) {
      throw new CorruptFileException(path,
          "the trailer says " + expectedLength + " payload bytes but the file has " + start);
    }
    long actualCrc = crc(file, start);
    if (actualCrc != expectedCrc) {
      throw new CorruptFileException(path, String.format(
          "checksum mismatch: trailer says %08x, content has %08x", expectedCrc, actualCrc));
    }
    return new String(file, 0, start, StandardCharsets.UTF_8);
  }

  private static long crc(byte[] bytes) {
    return crc(bytes, bytes.length);
  }

  private static long crc(byte[] bytes, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, length);
    return crc.getValue();
  }
}
