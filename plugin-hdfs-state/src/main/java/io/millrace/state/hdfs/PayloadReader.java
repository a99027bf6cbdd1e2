package io.millrace.state.hdfs;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * Reads a decompressed payload through its own buffer and checksums exactly the bytes it hands
 * out. A damaged length cannot make it allocate more than the stream really holds: long
 * arrays grow as their bytes arrive.
 */
final class PayloadReader {
  private static final int BUFFER = 1 << 16;

  private final InputStream in;
  private final CRC32C crc = new CRC32C();
  private final byte[] buffer = new byte[BUFFER];
  private int position;
  private int limit;

  PayloadReader(InputStream in) {
    this.in = in;
  }

  /** CRC32C of every byte read so far. */
  int checksum() {
    return (int) crc.getValue();
  }

  int readInt() throws IOException {
    ensure(4);
    int v = ((buffer[position] & 0xFF) << 24) | ((buffer[position + 1] & 0xFF) << 16)
        | ((buffer[position + 2] & 0xFF) << 8) | (buffer[position + 3] & 0xFF);
    consume(4);
    return v;
  }

  long readLong() throws IOException {
    long high = readInt() & 0xFFFFFFFFL;
    long low = readInt() & 0xFFFFFFFFL;
    return (high << 32) | low;
  }

  byte[] readBytes(int length) throws IOException {
    byte[] out = new byte[Math.min(length, BUFFER)];
    int done = 0;
    while (done < length) {
      if (position == limit && fill() < 0) {
        throw new EOFException("the payload ends inside a record of " + length + " bytes");
      }
      if (done == out.length) {
        out = Arrays.copyOf(out, (int) Math.min(length, 2L * out.length));
      }
      int n = Math.min(limit - position, out.length - done);
      System.arraycopy(buffer, position, out, done, n);
      consume(n);
      done += n;
    }
    return out;
  }

  /** Whether the payload has no byte left. */
  boolean atEnd() throws IOException {
    return position == limit && fill() < 0;
  }

  private void consume(int n) {
    crc.update(buffer, position, n);
    position += n;
  }

  private void ensure(int n) throws IOException {
    while (limit - position < n) {
      if (fill() < 0) {
        throw new EOFException("the payload ends early");
      }
    }
  }

  private int fill() throws IOException {
    if (position > 0) {
      System.arraycopy(buffer, position, buffer, 0, limit - position);
      limit -= position;
      position = 0;
    }
    int n = in.read(buffer, limit, buffer.length - limit);
    if (n > 0) {
      limit += n;
    }
    return n;
  }
}
