package io.millrace.sink.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One line per row, as Spark's text sink writes it: the row's only data column (a STRING) in
 * UTF-8, then {@code \n}; a null value is an empty line.
 */
final class TextFormat implements FileFormat {

  @Override
  public String name() {
    return "text";
  }

  @Override
  public List<String> compressions() {
    return TextFiles.COMPRESSIONS;
  }

  @Override
  public String defaultCompression() {
    return "none";
  }

  @Override
  public boolean singleColumn() {
    return true;
  }

  @Override
  public void check(Schema dataSchema) {
    if (dataSchema.size() != 1 || dataSchema.field(0).type().kind() != DataType.Kind.STRING) {
      throw new IllegalArgumentException("the text sink writes one STRING column (besides partitionBy columns), as"
          + " Spark's does; the query writes " + dataSchema.toDdl() + "; select one string, e.g. with to_json(..) or"
          + " concat_ws(..)");
    }
  }

  @Override
  public String extension(String compression) {
    return TextFiles.extension("txt", compression);
  }

  @Override
  public RowFile open(FileSystem fs, Configuration conf, Path path, Schema dataSchema, FileSinkOptions options)
      throws IOException {
    TextFiles.Counting file = TextFiles.create(fs, path, options.compression());
    OutputStream out = file;
    return new RowFile() {
      @Override
      public void write(Row row) throws IOException {
        Object value = row.get(0);
        if (value != null) {
          out.write(((String) value).getBytes(StandardCharsets.UTF_8));
        }
        out.write('\n');
      }

      @Override
      public long bytes() {
        return file.bytes();
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }
}
