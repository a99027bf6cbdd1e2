package io.millrace.source.file;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads at most {@code limit} bytes of a stream: a file's length as the source log recorded it. */
final class BoundedInputStream extends FilterInputStream {
  private long remaining;

  BoundedInputStream(InputStream in, long limit) {
    super(in);
    this.remaining = limit;
  }

  @Override
  public int read() throws IOException {
    if (remaining <= 0) {
      return -1;
    }
    int b = in.read();
    if (b >= 0) {
      remaining--;
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (remaining <= 0) {
      return -1;
    }
    int n = in.read(b, off, (int) Math.min(len, remaining));
    if (n > 0) {
      remaining -= n;
    }
    return n;
  }
}
