package io.millrace.sink.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * JSON lines as Spark 4.0.1's JSON writer makes them by default: one object per row, a null
 * field left out (also inside structs; kept as {@code null} in arrays and map values), decimals
 * as plain JSON numbers, NaN and infinities as strings, binary as base64, dates and timestamps
 * as {@link TextValues} prints them.
 */
final class JsonFormat implements FileFormat {
  /** Flushing the generator moves its buffer into the file's counting stream only. */
  private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);

  @Override
  public String name() {
    return "json";
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
  public String extension(String compression) {
    return TextFiles.extension("json", compression);
  }

  @Override
  public RowFile open(FileSystem fs, Configuration conf, Path path, Schema dataSchema, FileSinkOptions options)
      throws IOException {
    TextFiles.Counting file = TextFiles.create(fs, path, options.compression());
    JsonGenerator gen = JSON.createGenerator(file);
    gen.setRootValueSeparator(null);
    return new RowFile() {
      @Override
      public void write(Row row) throws IOException {
        writeStruct(gen, dataSchema, row);
        gen.writeRaw('\n');
      }

      @Override
      public long bytes() throws IOException {
        gen.flush();
        return file.bytes();
      }

      @Override
      public void close() throws IOException {
        gen.close();
      }
    };
  }

  private static void writeStruct(JsonGenerator gen, Schema schema, Row row) throws IOException {
    gen.writeStartObject();
    for (int i = 0; i < schema.size(); i++) {
      Object value = row.get(i);
      if (value != null) {
        Field field = schema.field(i);
        gen.writeFieldName(field.name());
        writeValue(gen, field.type(), value);
      }
    }
    gen.writeEndObject();
  }

  private static void writeValue(JsonGenerator gen, DataType type, Object value) throws IOException {
    if (value == null) {
      gen.writeNull();
      return;
    }
    switch (type.kind()) {
      case BOOLEAN -> gen.writeBoolean((Boolean) value);
      case BYTE -> gen.writeNumber((Byte) value);
      case SHORT -> gen.writeNumber((Short) value);
      case INT -> gen.writeNumber((Integer) value);
      case LONG -> gen.writeNumber((Long) value);
      case FLOAT -> gen.writeNumber((Float) value);
      case DOUBLE -> gen.writeNumber((Double) value);
      case DECIMAL -> gen.writeNumber((BigDecimal) value);
      case STRING -> gen.writeString((String) value);
      case BINARY -> gen.writeBinary((byte[]) value);
      case DATE -> gen.writeString(TextValues.date((Integer) value));
      case TIMESTAMP -> gen.writeString(TextValues.timestamp((Long) value));
      case TIMESTAMP_NTZ -> gen.writeString(TextValues.timestampNtz((Long) value));
      case STRUCT -> writeStruct(gen, type.fields(), (Row) value);
      case ARRAY -> {
        gen.writeStartArray();
        for (Object element : (List<?>) value) {
          writeValue(gen, type.elementType(), element);
        }
        gen.writeEndArray();
      }
      case MAP -> {
        gen.writeStartObject();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
          gen.writeFieldName(CsvFormat.text(type.keyType(), e.getKey()));
          writeValue(gen, type.valueType(), e.getValue());
        }
        gen.writeEndObject();
      }
      default -> throw new IllegalStateException("no JSON form for type " + type);
    }
  }
}
