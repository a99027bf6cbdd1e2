package io.millrace.runtime.expr;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.DateText;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one JSON text into a value of a fixed type, token by token, as {@code from_json} does
 * for every Kafka record a job parses: no tree of nodes is built, a struct's fields are found by
 * name in a table made once, and fields the schema does not name are skipped unread. A value
 * that does not fit its type makes the whole record malformed ({@link Malformed}).
 *
 * <p>Each thread keeps one Jackson non-blocking parser and feeds it record after record, as the
 * file source's JSON reader does: a parser made per record cost about 600 bytes of parser,
 * context and buffers, more than the row it fills. After a record that is malformed, or has text
 * after its value (which, as Spark, is ignored), the parser's state is inside that record, so it
 * is dropped and the next record starts a new one.
 */
final class JsonValueReader {
  private static final JsonFactory FACTORY = new JsonFactory();

  /** The record does not fit the schema, or is not JSON. */
  static final class Malformed extends Exception {
    Malformed() {
      super(null, null, false, false);
    }
  }

  private final Value root;
  /**
   * One parser per thread for every reader: a read finishes before the thread starts another,
   * and a query binds its expressions anew, so a thread-local per reader would leave a stale
   * parser in every task thread each time.
   */
  private static final ThreadLocal<Feeder> FEEDERS = ThreadLocal.withInitial(Feeder::new);

  JsonValueReader(DataType type) {
    this.root = compile(type);
  }

  /** The value of {@code text}; NULL for empty text, as Spark. */
  Object read(String text) throws Malformed {
    return read(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The value of UTF-8 {@code bytes} (a Kafka value), read without first making a String. */
  Object read(byte[] bytes) throws Malformed {
    return FEEDERS.get().read(bytes, root);
  }

  /** One thread's parser, fed one record at a time. */
  private static final class Feeder {
    private JsonParser parser;
    private ByteArrayFeeder input;

    Object read(byte[] bytes, Value root) throws Malformed {
      boolean reusable = false;
      try {
        if (parser == null) {
          parser = FACTORY.createNonBlockingByteArrayParser();
          input = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
        }
        long start = parser.currentLocation().getByteOffset();
        input.feedInput(bytes, 0, bytes.length);
        JsonToken first = parser.nextToken();
        if (first == JsonToken.NOT_AVAILABLE) {
          // Empty or blank text is NULL, as Spark; anything else unfinished is a root scalar (the
          // parser waits for the rest of a number), never a struct, array or map.
          reusable = isBlank(bytes, 0);
          if (!reusable) {
            throw new Malformed();
          }
          return null;
        }
        Object value = root.read(parser, first);
        // Text after the value is ignored, as Spark; the parser is kept only when none is left,
        // since a word such as "trailing" would wait inside it for the rest of itself.
        reusable = isBlank(bytes, (int) (parser.currentLocation().getByteOffset() - start))
            && parser.nextToken() == JsonToken.NOT_AVAILABLE; // reads past the blanks, so all input is used
        return value;
      } catch (IOException e) {
        throw new Malformed();
      } finally {
        if (!reusable) {
          parser = null;
          input = null;
        }
      }
    }
  }

  private static boolean isBlank(byte[] bytes, int from) {
    for (int i = from; i < bytes.length; i++) {
      byte b = bytes[i];
      if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  /** The next token inside a record; running out of the record makes it malformed. */
  private static JsonToken next(JsonParser p) throws IOException, Malformed {
    JsonToken t = p.nextToken();
    if (t == JsonToken.NOT_AVAILABLE || t == null) {
      throw new Malformed();
    }
    return t;
  }

  /** Reads the value whose first token is {@code t}; leaves the parser on its last token. */
  private interface Value {
    Object read(JsonParser p, JsonToken t) throws IOException, Malformed;
  }

  private static Value compile(DataType type) {
    switch (type.kind()) {
      case BOOLEAN: return nullOr((p, t) -> require(t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE,
          t == JsonToken.VALUE_TRUE));
      case BYTE: return nullOr((p, t) -> {
        int v = integer(p, t);
        return require((byte) v == v, (byte) v);
      });
      case SHORT: return nullOr((p, t) -> {
        int v = integer(p, t);
        return require((short) v == v, (short) v);
      });
      case INT: return nullOr(JsonValueReader::integer);
      case LONG: return nullOr((p, t) -> {
        require(t == JsonToken.VALUE_NUMBER_INT, null);
        JsonParser.NumberType n = p.getNumberType();
        return require(n == JsonParser.NumberType.INT || n == JsonParser.NumberType.LONG, p.getLongValue());
      });
      case FLOAT: return nullOr((p, t) -> (float) number(p, t).getDoubleValue());
      case DOUBLE: return nullOr((p, t) -> number(p, t).getDoubleValue());
      case DECIMAL: return nullOr((p, t) -> {
        BigDecimal d = number(p, t).getDecimalValue().setScale(type.scale(), RoundingMode.HALF_UP);
        return require(d.precision() - d.scale() <= type.precision() - type.scale(), d);
      });
      case STRING: return nullOr((p, t) -> t == JsonToken.VALUE_STRING ? p.getText()
          // Anything else as its JSON text, compact, as Spark's from_json gives it.
          : JsonFunctions.MAPPER.readTree(p).toString());
      case BINARY: return nullOr((p, t) -> {
        require(t == JsonToken.VALUE_STRING, null);
        try {
          return p.getBinaryValue();
        } catch (JsonProcessingException notBase64) {
          throw new Malformed();
        }
      });
      case DATE: return nullOr((p, t) -> {
        require(t == JsonToken.VALUE_STRING, null);
        Integer days = DateText.parse(p.getText());
        return require(days != null, days);
      });
      case TIMESTAMP: return nullOr((p, t) -> {
        require(t == JsonToken.VALUE_STRING, null);
        long fast = UtcIsoText.micros(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        Long micros = fast != UtcIsoText.OTHER ? Long.valueOf(fast) : TimestampText.parseWithDate(p.getText());
        return require(micros != null, micros);
      });
      case TIMESTAMP_NTZ: return nullOr((p, t) -> {
        require(t == JsonToken.VALUE_STRING, null);
        Long micros = TimestampText.parseWallClockWithDate(p.getText());
        return require(micros != null, micros);
      });
      case ARRAY: return nullOr(array(compile(type.elementType())));
      case MAP: return nullOr(map(type.keyType().kind() == DataType.Kind.STRING, compile(type.valueType())));
      default: return nullOr(struct(type.fields()));
    }
  }

  private static Value nullOr(Value value) {
    return (p, t) -> t == JsonToken.VALUE_NULL ? null : value.read(p, t);
  }

  private static Value array(Value element) {
    return (p, t) -> {
      require(t == JsonToken.START_ARRAY, null);
      List<Object> out = new ArrayList<>();
      for (JsonToken e = next(p); e != JsonToken.END_ARRAY; e = next(p)) {
        out.add(element.read(p, e));
      }
      return Collections.unmodifiableList(out);
    };
  }

  private static Value map(boolean stringKeys, Value value) {
    return (p, t) -> {
      require(t == JsonToken.START_OBJECT && stringKeys, null);
      Map<Object, Object> out = new LinkedHashMap<>();
      for (JsonToken f = next(p); f == JsonToken.FIELD_NAME; f = next(p)) {
        String key = p.currentName();
        out.put(key, value.read(p, next(p)));
      }
      return Collections.unmodifiableMap(out);
    };
  }

  private static Value struct(Schema fields) {
    Map<String, Integer> index = new HashMap<>();
    Value[] values = new Value[fields.size()];
    for (int i = 0; i < values.length; i++) {
      index.putIfAbsent(fields.field(i).name(), i);
      values[i] = compile(fields.field(i).type());
    }
    return (p, t) -> {
      require(t == JsonToken.START_OBJECT, null);
      Object[] out = new Object[values.length];
      for (JsonToken f = next(p); f == JsonToken.FIELD_NAME; f = next(p)) {
        Integer i = index.get(p.currentName());
        JsonToken v = next(p);
        if (i == null) {
          skip(p, v);
        } else {
          out[i] = values[i].read(p, v); // a name given twice: the last value, as a JSON object keeps it
        }
      }
      return Row.wrap(out);
    };
  }

  /** Skips the value whose first token is {@code t}, nested values included. */
  private static void skip(JsonParser p, JsonToken t) throws IOException, Malformed {
    if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
      return;
    }
    for (int depth = 1; depth > 0; ) {
      JsonToken n = next(p);
      depth += n == JsonToken.START_OBJECT || n == JsonToken.START_ARRAY ? 1
          : n == JsonToken.END_OBJECT || n == JsonToken.END_ARRAY ? -1 : 0;
    }
  }

  private static int integer(JsonParser p, JsonToken t) throws IOException, Malformed {
    require(t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT, null);
    return p.getIntValue();
  }

  private static JsonParser number(JsonParser p, JsonToken t) throws Malformed {
    require(t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT, null);
    return p;
  }

  private static <T> T require(boolean ok, T value) throws Malformed {
    if (!ok) {
      throw new Malformed();
    }
    return value;
  }
}
