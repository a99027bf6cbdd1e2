package io.millrace.state.hdfs;

import io.millrace.spi.CorruptFileException;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Reads a state file written by {@link StateFileWriter}. Entries are handed to the visitor as
 * they are read, but the file only counts as read when {@link #read} returns: a checksum,
 * count or terminator problem found at the end throws {@link CorruptFileException}, and the
 * caller drops whatever it built. Anything wrong with the bytes (a decompressor error
 * included) is reported as corruption of the named file; a failure of the storage itself is an
 * {@link UncheckedIOException}.
 */
final class StateFileReader {
  /** Receives each record; {@code value} is null for a deletion marker. */
  @FunctionalInterface
  interface Visitor {
    void entry(byte[] key, byte[] value);
  }

  /** An I/O failure of the underlying storage, told apart from damage found in the bytes. */
  private static final class StorageFailure extends IOException {
    private static final long serialVersionUID = 1L;

    StorageFailure(IOException cause) {
      super(cause.getMessage(), cause);
    }
  }

  private StateFileReader() {}

  /**
   * Reads {@code raw}, the whole file at {@code path}, which must be a {@code kind} of
   * {@code version}.
   *
   * @return the number of records
   */
  static long read(String path, InputStream raw, StateFileKind kind, long version, Visitor visitor) {
    InputStream guarded = new BufferedInputStream(new FilterInputStream(raw) {
      @Override
      public int read() throws IOException {
        try {
          return super.read();
        } catch (IOException e) {
          throw new StorageFailure(e);
        }
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        try {
          return super.read(b, off, len);
        } catch (IOException e) {
          throw new StorageFailure(e);
        }
      }
    }, 1 << 16);
    try {
      CompressionCodec codec = readHeader(path, guarded, kind, version);
      return readPayload(path, new PayloadReader(codec.decompress(guarded)), kind, visitor);
    } catch (StorageFailure e) {
      throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), (IOException) e.getCause());
    } catch (CorruptFileException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // EOF inside a record, a decompressor rejecting its input, a frame that does not parse.
      throw new CorruptFileException(path, "unreadable " + kind.suffix + " data (" + e + ")", e);
    }
  }

  private static CompressionCodec readHeader(String path, InputStream in, StateFileKind kind, long version)
      throws IOException {
    byte[] header = in.readNBytes(StateFileFormat.HEADER_BYTES);
    if (header.length < StateFileFormat.HEADER_BYTES) {
      throw new CorruptFileException(path, "truncated: " + header.length + " bytes, shorter than the header");
    }
    ByteBuffer h = ByteBuffer.wrap(header);
    if (h.getInt() != StateFileFormat.MAGIC) {
      throw new CorruptFileException(path, "not a Millrace state file (bad magic)");
    }
    if (h.getInt(StateFileFormat.HEADER_BYTES - 4) != StateFileFormat.crc(header, StateFileFormat.HEADER_BYTES - 4)) {
      throw new CorruptFileException(path, "header checksum mismatch");
    }
    int format = h.get();
    byte tag = h.get();
    CompressionCodec codec = CompressionCodec.byId(h.get());
    long fileVersion = h.getLong();
    if (format != StateFileFormat.FORMAT) {
      throw new CorruptFileException(path, "format " + format + " is not " + StateFileFormat.FORMAT);
    }
    if (tag != kind.tag || fileVersion != version || codec == null) {
      throw new CorruptFileException(path, "header does not describe a " + kind.suffix + " of version " + version
          + " in a known codec");
    }
    return codec;
  }

  private static long readPayload(String path, PayloadReader in, StateFileKind kind, Visitor visitor) throws IOException {
    long records = 0;
    byte[] previous = null;
    while (true) {
      int keyLength = in.readInt();
      if (keyLength == StateFileFormat.TERMINATOR) {
        break;
      }
      if (keyLength < 0) {
        throw new CorruptFileException(path, "negative key length " + keyLength + " in record " + records);
      }
      byte[] key = in.readBytes(keyLength);
      if (previous != null && Arrays.compareUnsigned(previous, key) >= 0) {
        throw new CorruptFileException(path, "keys out of order at record " + records);
      }
      int valueLength = in.readInt();
      byte[] value;
      if (valueLength == StateFileFormat.DELETION && kind == StateFileKind.DELTA) {
        value = null;
      } else if (valueLength < 0) {
        throw new CorruptFileException(path, "bad value length " + valueLength + " in record " + records);
      } else {
        value = in.readBytes(valueLength);
      }
      visitor.entry(key, value);
      previous = key;
      records++;
    }
    long count = in.readLong();
    int expected = in.checksum();
    int stored = in.readInt();
    if (stored != expected) {
      throw new CorruptFileException(path, "payload checksum mismatch (damaged or truncated)");
    }
    if (count != records) {
      throw new CorruptFileException(path, "holds " + records + " records but its trailer says " + count);
    }
    if (!in.atEnd()) {
      throw new CorruptFileException(path, "stray bytes after the checksum");
    }
    return records;
  }
}
