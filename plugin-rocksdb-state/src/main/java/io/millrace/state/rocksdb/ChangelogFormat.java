package io.millrace.state.rocksdb;

import io.millrace.spi.CorruptFileException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;

/**
 * {@code <v>.changelog}: the puts and deletes that turn version {@code v-1} into {@code v}.
 *
 * <pre>
 *   "MRCL" format(1 byte) version(long)
 *   records:
 *     1 keyLength(int) key valueLength(int) value     a put
 *     2 keyLength(int) key                            a delete
 *   0 records(long) numKeysAfter(long) crc32c(int, of every byte before it)
 * </pre>
 *
 * Format 2, the one written, holds the records in the order the store made them, a key possibly
 * more than once (the last record wins), so that a store can stream its writes out as it makes
 * them instead of holding them until commit. Format 1 (written before) holds them in increasing
 * unsigned key order, each key once; it is still read, its order checked.
 *
 * <p>A file whose magic, format, version, lengths, order, count or checksum is off is reported as
 * {@link CorruptFileException} naming it; nothing of it is applied.
 */
final class ChangelogFormat {
  static final byte[] MAGIC = {'M', 'R', 'C', 'L'};
  static final int SORTED_FORMAT = 1;
  static final int FORMAT = 2;
  private static final int PUT = 1;
  private static final int DELETE = 2;
  private static final int END = 0;
  /** Lengths above this are damage, not data: the runtime never encodes such keys. */
  private static final int MAX_LENGTH = 1 << 30;

  /** Receives each record; {@code value} is null for a delete. */
  interface Visitor {
    void record(byte[] key, byte[] value) throws IOException;
  }

  /** What a changelog's trailer says, and its checksum. */
  record Summary(int format, long records, long numKeysAfter, int crc) {}

  private ChangelogFormat() {}

  /** What {@link Writer#finish} wrote: its trailer, checksum and length. */
  record Written(Summary summary, long bytes) {}

  /** Streams one changelog's records to a target it leaves open, as they are made. */
  static final class Writer {
    private final CRC32C crc = new CRC32C();
    private final CountingOutputStream counted;
    private final DataOutputStream out;
    private long records;
    private long recordBytes;
    private boolean finished;

    Writer(OutputStream target, long version) throws IOException {
      this.counted = new CountingOutputStream(target);
      this.out = new DataOutputStream(new BufferedOutputStream(new CheckedOutputStream(counted, crc), 1 << 16));
      out.write(MAGIC);
      out.writeByte(FORMAT);
      out.writeLong(version);
    }

    /** A put of {@code value}, or a delete when it is null. */
    void record(byte[] key, byte[] value) throws IOException {
      out.writeByte(value == null ? DELETE : PUT);
      out.writeInt(key.length);
      out.write(key);
      if (value != null) {
        out.writeInt(value.length);
        out.write(value);
      }
      records++;
      recordBytes += 5L + key.length + (value == null ? 0 : 4L + value.length);
    }

    /** The bytes of the records so far. */
    long recordBytes() {
      return recordBytes;
    }

    /** Ends the changelog with its trailer; the target stays open. */
    Written finish(long numKeysAfter) throws IOException {
      if (finished) {
        throw new IllegalStateException("the changelog was already finished");
      }
      finished = true;
      out.writeByte(END);
      out.writeLong(records);
      out.writeLong(numKeysAfter);
      out.flush();
      int sum = (int) crc.getValue();
      new DataOutputStream(counted).writeInt(sum);
      counted.flush();
      return new Written(new Summary(FORMAT, records, numKeysAfter, sum), counted.count);
    }
  }

  /** Reads a whole changelog of {@code version}, checking it, and passes each record to {@code visitor}. */
  static Summary read(InputStream raw, String path, long version, Visitor visitor) throws IOException {
    CRC32C crc = new CRC32C();
    CheckedInputStream checked = new CheckedInputStream(new BufferedInputStream(raw, 1 << 16), crc);
    DataInputStream in = new DataInputStream(checked);
    try {
      byte[] magic = in.readNBytes(MAGIC.length);
      if (!Arrays.equals(magic, MAGIC)) {
        throw new CorruptFileException(path, "not a RocksDB state changelog (bad magic)");
      }
      int format = in.readUnsignedByte();
      if (format != SORTED_FORMAT && format != FORMAT) {
        throw new CorruptFileException(path, "unknown changelog format " + format + "; this provider reads "
            + SORTED_FORMAT + " and " + FORMAT);
      }
      boolean sorted = format == SORTED_FORMAT;
      long stored = in.readLong();
      if (stored != version) {
        throw new CorruptFileException(path, "holds version " + stored + ", expected " + version);
      }
      long records = 0;
      byte[] previous = null;
      while (true) {
        int type = in.readUnsignedByte();
        if (type == END) {
          break;
        }
        if (type != PUT && type != DELETE) {
          throw new CorruptFileException(path, "unknown record type " + type + " after " + records + " records");
        }
        byte[] key = readBytes(in, path);
        if (sorted) {
          if (previous != null && Arrays.compareUnsigned(previous, key) >= 0) {
            throw new CorruptFileException(path, "keys out of order after " + records + " records");
          }
          previous = key;
        }
        visitor.record(key, type == PUT ? readBytes(in, path) : null);
        records++;
      }
      long count = in.readLong();
      long numKeys = in.readLong();
      int expected = (int) crc.getValue();
      int sum = in.readInt();
      if (sum != expected) {
        throw new CorruptFileException(path, "checksum mismatch (CRC32C " + Integer.toHexString(sum) + " stored, "
            + Integer.toHexString(expected) + " computed)");
      }
      if (count != records || numKeys < 0) {
        throw new CorruptFileException(path, "trailer says " + count + " records and " + numKeys + " keys; read " + records);
      }
      if (in.read() != -1) {
        throw new CorruptFileException(path, "bytes after the checksum");
      }
      return new Summary(format, records, numKeys, sum);
    } catch (EOFException e) {
      throw new CorruptFileException(path, "truncated", e);
    }
  }

  private static byte[] readBytes(DataInputStream in, String path) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > MAX_LENGTH) {
      throw new CorruptFileException(path, "impossible length " + length);
    }
    byte[] bytes = in.readNBytes(length);
    if (bytes.length != length) {
      throw new EOFException();
    }
    return bytes;
  }

  /** Counts bytes without closing the target (the caller decides whether to publish it). */
  private static final class CountingOutputStream extends java.io.FilterOutputStream {
    long count;

    CountingOutputStream(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count += len;
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
  }
}
