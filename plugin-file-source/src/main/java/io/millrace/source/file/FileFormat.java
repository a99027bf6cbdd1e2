package io.millrace.source.file;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import java.util.Locale;

/** The file formats the source reads. */
public enum FileFormat {
  /** One JSON object per line. */
  JSON,
  /** Comma (or {@code delimiter}) separated values, one record per line. */
  CSV,
  /** Each line is one row of a single STRING column {@code value}. */
  TEXT,
  /** Parquet files, read through the Apache Parquet library; the schema from a file's footer if none is given. */
  PARQUET;

  /** Whether {@code options} choose the parquet format. */
  static boolean isParquet(Options options) {
    return options.get("format").map(f -> f.trim().toLowerCase(Locale.ROOT).equals("parquet")).orElse(false);
  }

  /**
   * Fails naming the artifacts when Apache Parquet is not on the class path: the plugin declares
   * it optional, so that embedding the file source for text formats brings no Hadoop.
   */
  static void requireParquetLibrary(Options options) {
    try {
      Class.forName("org.apache.parquet.hadoop.ParquetFileReader", false, FileFormat.class.getClassLoader());
      Class.forName("org.apache.hadoop.conf.Configuration", false, FileFormat.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new MillraceException(options.owner() + " with format parquet needs Apache Parquet and Hadoop's client "
          + "on the class path (org.apache.parquet:parquet-hadoop, org.apache.hadoop:hadoop-client-api and "
          + "hadoop-client-runtime, the versions plugin-file-source is built with); the distribution's "
          + "plugins/file-source has them, millrace-starter does not. Missing: " + e.getMessage());
    }
  }
}
