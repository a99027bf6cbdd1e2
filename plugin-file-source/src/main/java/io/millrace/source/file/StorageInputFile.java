package io.millrace.source.file;

import io.millrace.spi.storage.Storage;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A file of the source's storage as Parquet reads it: a stream it can seek in. The storage opens
 * streams from the start, so a seek backwards opens the file again and skips to the place (on
 * local disk and Hadoop's file systems a skip is a seek, not a read); a seek forwards skips.
 */
final class StorageInputFile implements InputFile {
  private final Storage storage;
  private final URI path;
  private final long length;

  StorageInputFile(Storage storage, URI path, long length) {
    this.storage = storage;
    this.path = path;
    this.length = length;
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    return new Stream();
  }

  @Override
  public String toString() {
    return path.toString();
  }

  private final class Stream extends SeekableInputStream {
    private InputStream in;
    private long position;

    Stream() throws IOException {
      in = storage.open(path);
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void seek(long target) throws IOException {
      if (target < position) {
        in.close();
        in = storage.open(path);
        position = 0;
      }
      skipFully(target - position);
    }

    private void skipFully(long count) throws IOException {
      long left = count;
      while (left > 0) {
        long skipped = in.skip(left);
        if (skipped <= 0) {
          if (in.read() < 0) {
            throw new EOFException(path + " ends before byte " + (position + count));
          }
          skipped = 1;
        }
        left -= skipped;
      }
      position += count;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        position++;
      }
      return b;
    }

    @Override
    public int read(byte[] bytes, int offset, int count) throws IOException {
      int n = in.read(bytes, offset, count);
      if (n > 0) {
        position += n;
      }
      return n;
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(bytes, 0, bytes.length);
    }

    @Override
    public void readFully(byte[] bytes, int offset, int count) throws IOException {
      int done = 0;
      while (done < count) {
        int n = read(bytes, offset + done, count - done);
        if (n < 0) {
          throw new EOFException(path + " ends " + (count - done) + " bytes before the Parquet reader expected");
        }
        done += n;
      }
    }

    @Override
    public int read(ByteBuffer buffer) throws IOException {
      byte[] chunk = new byte[Math.min(buffer.remaining(), 1 << 16)];
      int n = read(chunk, 0, chunk.length);
      if (n > 0) {
        buffer.put(chunk, 0, n);
      }
      return n;
    }

    @Override
    public void readFully(ByteBuffer buffer) throws IOException {
      if (buffer.hasArray()) {
        readFully(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
        buffer.position(buffer.limit());
        return;
      }
      while (buffer.hasRemaining()) {
        if (read(buffer) < 0) {
          throw new EOFException(path + " ends before the Parquet reader expected");
        }
      }
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
