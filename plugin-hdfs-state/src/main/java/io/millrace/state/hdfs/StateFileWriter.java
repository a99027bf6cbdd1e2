package io.millrace.state.hdfs;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * Writes one state file to a stream in {@link StateFileFormat}; entries must come in strictly
 * increasing key order. {@link #finish()} completes the file but leaves the target stream open,
 * so that the caller decides whether to publish it.
 */
final class StateFileWriter {
  private final StateFileKind kind;
  private final CRC32C crc = new CRC32C();
  private final long[] rawBytes = new long[1];
  private final OutputStream compressed;
  private final CheckedOutputStream checked;
  private final DataOutputStream data;
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
    // Buffered below the data stream and above the checksum, so the CRC sees large chunks.
    this.data = new DataOutputStream(new BufferedOutputStream(checked, 1 << 16));
  }

  void put(byte[] key, byte[] value) throws IOException {
    data.writeInt(key.length);
    data.write(key);
    data.writeInt(value.length);
    data.write(value);
    records++;
  }

  /** A deletion marker; only deltas have them. */
  void remove(byte[] key) throws IOException {
    if (kind != StateFileKind.DELTA) {
      throw new IllegalStateException("a snapshot has no deletion markers");
    }
    data.writeInt(key.length);
    data.write(key);
    data.writeInt(StateFileFormat.DELETION);
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
    data.writeInt(StateFileFormat.TERMINATOR);
    data.writeLong(records);
    data.flush();
    int sum = (int) crc.getValue();
    checked.write(new byte[] {(byte) (sum >>> 24), (byte) (sum >>> 16), (byte) (sum >>> 8), (byte) sum});
    compressed.close();
    return rawBytes[0];
  }

  long records() {
    return records;
  }
}
