package io.millrace.sink.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;

/**
 * Reads a data file back into rows with the format's own library (Jackson for JSON lines,
 * parquet-hadoop's example Group model for Parquet), never through the sink's writer code.
 */
final class ReadBack {
  /** Decimals keep every digit (a double would round DECIMAL(38,10)). */
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private ReadBack() {}

  static List<Row> rows(String format, Path file, Schema schema, Map<String, String> partitionValues)
      throws IOException {
    if (!Files.exists(file)) {
      throw new java.nio.file.NoSuchFileException(file + ", which the manifest names, is neither published nor staged");
    }
    Schema data = Schema.of(schema.fields().stream().filter(f -> !partitionValues.containsKey(f.name())).toList());
    List<Row> dataRows = format.equals("parquet") ? parquet(file, data) : json(file, data);
    List<Row> out = new ArrayList<>();
    for (Row r : dataRows) {
      Object[] values = new Object[schema.size()];
      int d = 0;
      for (int i = 0; i < schema.size(); i++) {
        Field f = schema.field(i);
        values[i] = partitionValues.containsKey(f.name()) ? fromText(f.type(), partitionValues.get(f.name())) : r.get(d++);
      }
      out.add(Row.wrap(values));
    }
    return out;
  }

  private static Object fromText(DataType type, String text) {
    if (text == null) {
      return null;
    }
    return switch (type.kind()) {
      case INT -> Integer.parseInt(text);
      case LONG -> Long.parseLong(text);
      case BOOLEAN -> Boolean.parseBoolean(text);
      case DATE -> (int) LocalDate.parse(text).toEpochDay();
      default -> text;
    };
  }

  static List<Row> json(Path file, Schema schema) throws IOException {
    List<Row> out = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        out.add(struct(schema, JSON.readTree(line)));
      }
    }
    return out;
  }

  private static Row struct(Schema schema, JsonNode node) {
    Object[] values = new Object[schema.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = value(schema.field(i).type(), node.get(schema.field(i).name()));
    }
    return Row.wrap(values);
  }

  private static Object value(DataType type, JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    return switch (type.kind()) {
      case BOOLEAN -> node.asBoolean();
      case BYTE -> (byte) node.asInt();
      case SHORT -> (short) node.asInt();
      case INT -> node.asInt();
      case LONG -> node.asLong();
      case FLOAT -> node.isTextual() ? Float.parseFloat(node.asText()) : (float) node.asDouble();
      case DOUBLE -> node.isTextual() ? Double.parseDouble(node.asText()) : node.asDouble();
      case DECIMAL -> node.decimalValue().setScale(type.scale());
      case STRING -> node.asText();
      case BINARY -> Base64.getDecoder().decode(node.asText());
      case DATE -> (int) LocalDate.parse(node.asText()).toEpochDay();
      case TIMESTAMP -> micros(OffsetDateTime.parse(node.asText()).toInstant());
      case TIMESTAMP_NTZ -> micros(LocalDateTime.parse(node.asText()).toInstant(ZoneOffset.UTC));
      case STRUCT -> struct(type.fields(), node);
      case ARRAY -> {
        List<Object> list = new ArrayList<>();
        node.forEach(e -> list.add(value(type.elementType(), e)));
        yield list;
      }
      case MAP -> {
        Map<Object, Object> map = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
          Map.Entry<String, JsonNode> e = it.next();
          map.put(fromText(type.keyType(), e.getKey()), value(type.valueType(), e.getValue()));
        }
        yield map;
      }
    };
  }

  private static long micros(Instant instant) {
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000L);
  }

  static List<Row> parquet(Path file, Schema schema) throws IOException {
    List<Row> out = new ArrayList<>();
    try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toUri())).withConf(new Configuration()).build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        out.add(group(schema, g));
      }
    }
    return out;
  }

  private static Row group(Schema schema, Group g) {
    Object[] values = new Object[schema.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = g.getFieldRepetitionCount(i) == 0 ? null : value(schema.field(i).type(), g, i);
    }
    return Row.wrap(values);
  }

  private static Object value(DataType type, Group g, int i) {
    return switch (type.kind()) {
      case BOOLEAN -> g.getBoolean(i, 0);
      case BYTE -> (byte) g.getInteger(i, 0);
      case SHORT -> (short) g.getInteger(i, 0);
      case INT, DATE -> g.getInteger(i, 0);
      case LONG, TIMESTAMP, TIMESTAMP_NTZ -> g.getLong(i, 0);
      case FLOAT -> g.getFloat(i, 0);
      case DOUBLE -> g.getDouble(i, 0);
      case STRING -> g.getString(i, 0);
      case BINARY -> g.getBinary(i, 0).getBytes();
      case DECIMAL -> type.precision() <= 9 ? BigDecimal.valueOf(g.getInteger(i, 0), type.scale())
          : type.precision() <= 18 ? BigDecimal.valueOf(g.getLong(i, 0), type.scale())
          : new BigDecimal(new BigInteger(g.getBinary(i, 0).getBytes()), type.scale());
      case STRUCT -> group(type.fields(), g.getGroup(i, 0));
      case ARRAY -> {
        Group list = g.getGroup(i, 0);
        List<Object> out = new ArrayList<>();
        for (int j = 0; j < list.getFieldRepetitionCount(0); j++) {
          Group element = list.getGroup(0, j);
          out.add(element.getFieldRepetitionCount(0) == 0 ? null : value(type.elementType(), element, 0));
        }
        yield out;
      }
      case MAP -> {
        Group map = g.getGroup(i, 0);
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int j = 0; j < map.getFieldRepetitionCount(0); j++) {
          Group kv = map.getGroup(0, j);
          out.put(value(type.keyType(), kv, 0), kv.getFieldRepetitionCount(1) == 0 ? null : value(type.valueType(), kv, 1));
        }
        yield out;
      }
    };
  }
}
