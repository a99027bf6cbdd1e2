package io.millrace.sink.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** How one format writes rows into one data file. */
interface FileFormat {

  /** The sink's name, as Spark names the format: {@code json}, {@code csv}, {@code text}, {@code parquet}. */
  String name();

  /** The compressions the {@code compression} option accepts, Spark's names. */
  List<String> compressions();

  String defaultCompression();

  /** Whether the {@code header} option applies (csv). */
  default boolean hasHeader() {
    return false;
  }

  /** Whether files hold exactly one column (text). */
  default boolean singleColumn() {
    return false;
  }

  /** Refuses a data schema the format cannot write; the message names the column. */
  default void check(Schema dataSchema) {}

  /** The end of a file name, as Spark writes it: {@code .snappy.parquet}, {@code .json}, {@code .csv.gz}. */
  String extension(String compression);

  /** Opens a new file at {@code path} for rows of {@code dataSchema} (the partition columns left out). */
  RowFile open(FileSystem fs, Configuration conf, Path path, Schema dataSchema, FileSinkOptions options)
      throws IOException;

  /** One open data file. */
  interface RowFile extends Closeable {
    void write(Row row) throws IOException;

    /**
     * The bytes written so far, for {@code maxFileSize}: what the line formats produced (before
     * gzip), or Parquet's encoded size including the row group still in memory.
     */
    long bytes() throws IOException;
  }
}
