package io.millrace.state.hdfs;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;

/**
 * How the body of a state file is compressed; chosen by {@code compressionCodec} and recorded
 * in each file's header, so files written with one codec stay readable after a change.
 */
enum CompressionCodec {
  /** No compression. */
  NONE(0),
  /** The LZ4 frame format (the default): fast enough to cost less than the bytes it saves. */
  LZ4(1),
  /** Zstandard at level 3: smaller files for slower or metered storage. */
  ZSTD(2);

  private static final int ZSTD_LEVEL = 3;

  final int id;

  CompressionCodec(int id) {
    this.id = id;
  }

  /** The codec a header byte names, or null. */
  static CompressionCodec byId(int id) {
    for (CompressionCodec c : values()) {
      if (c.id == id) {
        return c;
      }
    }
    return null;
  }

  /**
   * A compressing stream over {@code out}. Closing it ends the compressed stream but leaves
   * {@code out} open: the caller still has to publish or abandon it.
   */
  OutputStream compress(OutputStream out) throws IOException {
    OutputStream shielded = new FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        out.flush();
      }
    };
    switch (this) {
      case LZ4:
        return new LZ4FrameOutputStream(shielded, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB);
      case ZSTD:
        return new ZstdOutputStream(shielded, ZSTD_LEVEL);
      default:
        return shielded;
    }
  }

  /** A decompressing stream over {@code in}. */
  InputStream decompress(InputStream in) throws IOException {
    switch (this) {
      case LZ4:
        return new LZ4FrameInputStream(in);
      case ZSTD:
        return new ZstdInputStream(in);
      default:
        return in;
    }
  }
}
