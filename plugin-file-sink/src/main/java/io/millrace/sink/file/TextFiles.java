package io.millrace.sink.file;

import java.io.BufferedOutputStream;
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

  /** A stream to a new file at {@code path}; {@link Sized#bytes()} counts what reached the file system. */
  static Sized create(FileSystem fs, Path path, String compression) throws IOException {
    FSDataOutputStream raw = fs.create(path, false);
    OutputStream out = compression.equals("gzip") ? new GZIPOutputStream(raw, BUFFER) : raw;
    return new Sized(new BufferedOutputStream(out, BUFFER), raw);
  }

  /** An open file's stream and its position on the file system. */
  record Sized(OutputStream out, FSDataOutputStream raw) {
    long bytes() {
      return raw.getPos();
    }
  }
}
