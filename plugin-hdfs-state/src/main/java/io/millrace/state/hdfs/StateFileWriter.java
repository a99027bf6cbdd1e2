package io.millrace.state.hdfs;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * Writes one state file to a stream in {@link StateFileFormat}; entries must come in strictly
 * increasing key order. {@link #finish()} completes the file but leaves the target stream open,
 * so that the caller decides whether to publish it.
 *
 * <p>Records are encoded into the writer's own buffer and reach the checksum and the codec in
 * chunks of {@link #CHUNK} bytes: a delta of a million entries would otherwise make millions
 * of small synchronized stream calls, which profiles showed as a tenth of a commit.
 */
final class StateFileWriter {
  static final int CHUNK = 1 << 16;
  private static final VarHandle BIG_ENDIAN_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle BIG_ENDIAN_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final StateFileKind kind;
  private final CRC32C crc = new CRC32C();
  private final long[] rawBytes = new long[1];
  private final OutputStream compressed;
  private final CheckedOutputStream checked;
  private final byte[] buffer = new byte[CHUNK];
  private int filled;
  private long records;

  StateFileWriter(OutputStream target, StateFileKind kind, long version, CompressionCodec codec) throws IOException {
    this.kind = kind;
    OutputStream counted = new FilterOutputStream(target) {
      @Override
      public void write(int b) throws IOException {
        out.write(b);
        rawBytes[0]++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        rawBytes[0] += len;
      }

      @Override
      public void close() throws IOException {
        out.flush();
      }
    };
    counted.write(StateFileFormat.header(kind, codec, version));
    this.compressed = codec.compress(counted);
    this.checked = new CheckedOutputStream(compressed, crc);
  }

  void put(byte[] key, byte[] value) throws IOException {
    writeInt(key.length);
    writeBytes(key);
    writeInt(value.length);
    writeBytes(value);
    records++;
  }

  /** A deletion marker; only deltas have them. */
  void remove(byte[] key) throws IOException {
    if (kind != StateFileKind.DELTA) {
      throw new IllegalStateException("a snapshot has no deletion markers");
    }
    writeInt(key.length);
    writeBytes(key);
    writeInt(StateFileFormat.DELETION);
    records++;
  }

  /** A put, or a deletion marker when {@code value} is null. */
  void write(byte[] key, byte[] value) throws IOException {
    if (value == null) {
      remove(key);
    } else {
      put(key, value);
    }
  }

  /**
   * Writes the terminator, count and checksum and ends the compressed stream.
   *
   * @return the bytes the file has on storage
   */
  long finish() throws IOException {
    writeInt(StateFileFormat.TERMINATOR);
    writeLong(records);
    flushBuffer();
    // The codec ends a block here and the checksum follows in one of its own, as it always
    // has: files stay byte for byte what earlier releases wrote for the same entries.
    checked.flush();
    int sum = (int) crc.getValue();
    byte[] trailer = new byte[Integer.BYTES];
    BIG_ENDIAN_INT.set(trailer, 0, sum);
    checked.write(trailer);
    compressed.close();
    return rawBytes[0];
  }

  long records() {
    return records;
  }

  private void writeInt(int v) throws IOException {
    if (CHUNK - filled < Integer.BYTES) {
      flushBuffer();
    }
    BIG_ENDIAN_INT.set(buffer, filled, v);
    filled += Integer.BYTES;
  }

  private void writeLong(long v) throws IOException {
    if (CHUNK - filled < Long.BYTES) {
      flushBuffer();
    }
    BIG_ENDIAN_LONG.set(buffer, filled, v);
    filled += Long.BYTES;
  }

  private void writeBytes(byte[] bytes) throws IOException {
    if (bytes.length > CHUNK - filled) {
      flushBuffer();
      if (bytes.length >= CHUNK) {
        // Copying a large value into the buffer first would only add a copy.
        checked.write(bytes, 0, bytes.length);
        return;
      }
    }
    System.arraycopy(bytes, 0, buffer, filled, bytes.length);
    filled += bytes.length;
  }

  private void flushBuffer() throws IOException {
    if (filled > 0) {
      checked.write(buffer, 0, filled);
      filled = 0;
    }
  }
}
