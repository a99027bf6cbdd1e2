package io.millrace.source.file;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines without decoding them, reusing one buffer: the current line
 * is {@code buffer()[start() .. start() + length())}, valid until the next call. Lines end at
 * {@code \n}; a {@code \r} before it is dropped; a last line without {@code \n} still counts.
 */
final class LineReader {
  private static final int BUFFER = 64 * 1024;

  private final InputStream in;
  private byte[] buf;
  private int pos;
  private int limit;
  private boolean eof;
  private int start;
  private int length;

  /**
   * @param length the stream's length if known, or more: a small file gets a buffer of its size
   *     rather than 64 KiB (reading many small files allocated 64 KiB each)
   */
  LineReader(InputStream in, long length) {
    this.in = in;
    this.buf = new byte[(int) Math.max(1, Math.min(BUFFER, length + 1))];
  }

  /** Moves to the next line; false at the end of the stream. */
  boolean next() throws IOException {
    int scan = pos;
    while (true) {
      for (int i = scan; i < limit; i++) {
        if (buf[i] == '\n') {
          take(i);
          pos = i + 1;
          return true;
        }
      }
      if (eof) {
        if (pos < limit) {
          take(limit);
          pos = limit;
          return true;
        }
        return false;
      }
      int scanned = limit - pos;
      if (pos > 0) {
        System.arraycopy(buf, pos, buf, 0, scanned);
        limit = scanned;
        pos = 0;
      }
      if (limit == buf.length) {
        buf = Arrays.copyOf(buf, buf.length * 2);
      }
      int n = in.read(buf, limit, buf.length - limit);
      if (n < 0) {
        eof = true;
      } else {
        limit += n;
      }
      scan = scanned;
    }
  }

  private void take(int end) {
    start = pos;
    length = (end > pos && buf[end - 1] == '\r') ? end - 1 - pos : end - pos;
  }

  byte[] buffer() {
    return buf;
  }

  int start() {
    return start;
  }

  int length() {
    return length;
  }
}
