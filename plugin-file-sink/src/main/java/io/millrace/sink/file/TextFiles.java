package io.millrace.sink.file;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The compressions of the line formats (json, csv, text) and the stream each file is written to. */
final class TextFiles {
  static final List<String> COMPRESSIONS = List.of("none", "uncompressed", "gzip");
  private static final int BUFFER = 64 * 1024;

  private TextFiles() {}

  /** Spark's file name ending for {@code format} ({@code json}, {@code csv}, {@code txt}) under {@code compression}. */
  static String extension(String format, String compression) {
    return "." + format + (compression.equals("gzip") ? ".gz" : "");
  }

  /**
   * A stream to a new file at {@code path} that counts the bytes written to it (before gzip).
   * Its {@code flush()} does nothing, so a format may flush its own buffer into it to count
   * exactly, without pushing a write to the file system per row; {@code close()} writes all.
   */
  static Counting create(FileSystem fs, Path path, String compression) throws IOException {
    FSDataOutputStream raw = fs.create(path, false);
    OutputStream out = new BufferedOutputStream(compression.equals("gzip") ? new GZIPOutputStream(raw, BUFFER) : raw,
        BUFFER);
    return new Counting(out);
  }

  /** Counts what passes through it. */
  static final class Counting extends FilterOutputStream {
    private long count;

    Counting(OutputStream out) {
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
    public void flush() {}

    long bytes() {
      return count;
    }
  }
}
