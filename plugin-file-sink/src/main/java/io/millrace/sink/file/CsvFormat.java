package io.millrace.sink.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * CSV as Spark 4.0.1's CSV writer makes it with its default options: separator {@code ,}, a
 * value quoted with {@code "} only when it holds the separator, a quote or a line break, a quote
 * inside escaped as {@code \"}, leading and trailing white space trimmed
 * ({@code ignoreLeading/TrailingWhiteSpace} default true on write), null as nothing, the empty
 * string as {@code ""}, lines ended by {@code \n}; {@code header} (default false) writes the
 * column names first. Nested types are refused, as Spark refuses them.
 */
final class CsvFormat implements FileFormat {

  @Override
  public String name() {
    return "csv";
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
  public boolean hasHeader() {
    return true;
  }

  @Override
  public void check(Schema dataSchema) {
    for (var field : dataSchema) {
      DataType.Kind kind = field.type().kind();
      if (kind == DataType.Kind.STRUCT || kind == DataType.Kind.ARRAY || kind == DataType.Kind.MAP) {
        throw new IllegalArgumentException("the csv sink cannot write column '" + field.name() + "' of type "
            + field.type() + ": CSV has no nested values (Spark refuses it too); use json or parquet, or to_json(..)");
      }
    }
  }

  @Override
  public String extension(String compression) {
    return TextFiles.extension("csv", compression);
  }

  @Override
  public RowFile open(FileSystem fs, Configuration conf, Path path, Schema dataSchema, FileSinkOptions options)
      throws IOException {
    TextFiles.Counting file = TextFiles.create(fs, path, options.compression());
    Writer out = new OutputStreamWriter(file, StandardCharsets.UTF_8);
    if (options.header()) {
      for (int i = 0; i < dataSchema.size(); i++) {
        if (i > 0) {
          out.write(',');
        }
        writeCell(out, dataSchema.field(i).name());
      }
      out.write('\n');
    }
    return new RowFile() {
      @Override
      public void write(Row row) throws IOException {
        for (int i = 0; i < dataSchema.size(); i++) {
          if (i > 0) {
            out.write(',');
          }
          Object value = row.get(i);
          if (value != null) {
            writeCell(out, text(dataSchema.field(i).type(), value));
          }
        }
        out.write('\n');
      }

      @Override
      public long bytes() throws IOException {
        out.flush();
        return file.bytes();
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }

  private static void writeCell(Writer out, String raw) throws IOException {
    String value = raw.trim();
    if (value.isEmpty()) {
      out.write("\"\"");
      return;
    }
    boolean quote = false;
    for (int i = 0; i < value.length() && !quote; i++) {
      char c = value.charAt(i);
      quote = c == ',' || c == '"' || c == '\n' || c == '\r';
    }
    if (!quote) {
      out.write(value);
      return;
    }
    out.write('"');
    out.write(value.replace("\"", "\\\""));
    out.write('"');
  }

  /** A non-null value as Spark's CSV (and JSON map key) text. */
  static String text(DataType type, Object value) {
    switch (type.kind()) {
      case DATE:
        return TextValues.date((Integer) value);
      case TIMESTAMP:
        return TextValues.timestamp((Long) value);
      case TIMESTAMP_NTZ:
        return TextValues.timestampNtz((Long) value);
      case BINARY:
        return TextValues.binary((byte[]) value);
      default:
        return value.toString();
    }
  }
}
