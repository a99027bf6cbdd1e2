package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.SimpleFunction.Arg.STRING;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Spark's JSON functions: {@code from_json(text, schema)} (a struct, array or map of the schema
 * given as DDL; a record that does not fit gives a struct of NULLs, as Spark's PERMISSIVE mode
 * does), {@code to_json(value)} (Spark's layout: NULL fields left out, dates as
 * {@code 2024-05-01}, timestamps as {@code 2024-05-01T12:00:00.000Z}, NaN as text) and
 * {@code get_json_object(text, path)} (a JSONPath of {@code .name}, {@code ['name']},
 * {@code [n]} and {@code [*]}; text that is not JSON, or a path that finds nothing, is NULL).
 */
final class JsonFunctions {
  static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonFunctions() {}

  static void register() {
    FunctionRegistry.register("from_json", 2, 3, a -> {
      DataType type = schema(FunctionRegistry.stringLiteral(a.get(1), "from_json", "schema"));
      boolean failFast = a.size() == 3 && FromJsonMode.failFast(a.get(2));
      return new FromJson(a.get(0), a.get(1), type, failFast);
    }, "from_json(text, schema[, map('mode', 'FAILFAST')])",
        "from_json('{\"a\": 1}', 'a INT, b STRING') = named_struct('a', 1, 'b', NULL); a record that does not fit is "
            + "a struct of NULLs, or fails the query with mode FAILFAST");
    FunctionRegistry.register("to_json", 1, 1, a -> new ToJson(a.get(0)), "to_json(struct, array or map)",
        "to_json(named_struct('a', 1)) = '{\"a\":1}'");
    FunctionRegistry.register("get_json_object(text, path)", "get_json_object('{\"a\": {\"b\": [10, 20]}}', '$.a.b[1]') = '20'",
        SimpleFunction.Signature.of("get_json_object", DataType.STRING, v -> jsonObject((String) v[0], (String) v[1]),
            STRING, STRING));
  }

  /** The schema of {@code from_json}: DDL of fields (a struct) or one type ({@code ARRAY<INT>}). */
  private static DataType schema(String ddl) {
    try {
      return DataType.parse(ddl);
    } catch (IllegalArgumentException notAType) {
      return DataType.struct(Schema.parse(ddl));
    }
  }

  /** {@code value} of {@code type} as Spark's to_json writes it. */
  static String toJson(Object value, DataType type) {
    JsonText text = JSON_TEXT.get();
    boolean written = false;
    try {
      String json = text.of(value, type);
      written = true;
      return json;
    } catch (IOException e) {
      throw new UncheckedIOException(e); // writing to memory does not fail
    } finally {
      if (!written) {
        JSON_TEXT.remove(); // the generator may be left inside a value; the thread's next call starts a new one
      }
    }
  }

  /**
   * Each thread's generator, kept from value to value: to_json runs once per row (a Kafka job's
   * value), and a generator made per row cost more than the text it wrote.
   */
  private static final ThreadLocal<JsonText> JSON_TEXT = ThreadLocal.withInitial(JsonText::new);

  private static final class JsonText extends java.io.Writer {
    private final StringBuilder chars = new StringBuilder(256);
    private final JsonGenerator generator;

    JsonText() {
      try {
        generator = FACTORY.createGenerator(this);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      generator.setRootValueSeparator(null); // one value per call, nothing between them
    }

    String of(Object value, DataType type) throws IOException {
      chars.setLength(0);
      JsonFunctions.write(generator, value, type);
      generator.flush();
      return chars.toString();
    }

    @Override
    public void write(char[] buffer, int offset, int length) {
      chars.append(buffer, offset, length);
    }

    @Override
    public void write(String text, int offset, int length) {
      chars.append(text, offset, offset + length);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }

  private static void write(JsonGenerator g, Object v, DataType type) throws IOException {
    if (v == null) {
      g.writeNull();
      return;
    }
    switch (type.kind()) {
      case BOOLEAN: g.writeBoolean((Boolean) v); break;
      case BYTE: case SHORT: case INT: g.writeNumber(((Number) v).intValue()); break;
      case LONG: g.writeNumber((Long) v); break;
      case FLOAT: case DOUBLE: {
        double d = ((Number) v).doubleValue();
        if (Double.isFinite(d)) {
          if (v instanceof Float f) {
            g.writeNumber(f);
          } else {
            g.writeNumber(d);
          }
        } else {
          g.writeString(Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
        }
        break;
      }
      case DECIMAL: g.writeNumber(((BigDecimal) v).toPlainString()); break;
      case STRING: g.writeString((String) v); break;
      case BINARY: g.writeBinary((byte[]) v); break;
      case DATE: g.writeString(io.millrace.spi.data.TimestampText.formatDate((Integer) v)); break;
      case TIMESTAMP: g.writeString(JsonTimestampText.format((Long) v, true)); break;
      case TIMESTAMP_NTZ: g.writeString(JsonTimestampText.format((Long) v, false)); break;
      case ARRAY:
        g.writeStartArray();
        for (Object e : (List<?>) v) {
          write(g, e, type.elementType());
        }
        g.writeEndArray();
        break;
      case MAP:
        g.writeStartObject();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          g.writeFieldName(String.valueOf(e.getKey()));
          write(g, e.getValue(), type.valueType());
        }
        g.writeEndObject();
        break;
      default: {
        g.writeStartObject();
        Row row = (Row) v;
        for (int i = 0; i < row.size(); i++) {
          if (row.get(i) != null) { // Spark leaves NULL fields out
            g.writeFieldName(type.fields().field(i).name());
            write(g, row.get(i), type.fields().field(i).type());
          }
        }
        g.writeEndObject();
      }
    }
  }

  /** get_json_object: the value at {@code path}, scalars as their text, the rest as JSON; NULL when none. */
  static String jsonObject(String text, String path) {
    JsonNode root;
    try {
      root = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      return null;
    }
    List<Object> steps = JsonPath.parse(path);
    if (steps == null) {
      return null;
    }
    return text(JsonPath.find(root, steps));
  }

  /** A JSON value as get_json_object and json_tuple give it: scalars as their text, the rest as JSON; NULL for none. */
  static String text(JsonNode found) {
    if (found == null || found.isNull() || found.isMissingNode()) {
      return null;
    }
    if (found.isTextual()) {
      return found.textValue();
    }
    return found.isNumber() || found.isBoolean() ? found.asText() : found.toString();
  }
}
