package io.millrace.source.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.DateText;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Format {@code json}: one JSON object per line, read with Jackson's streaming parser straight
 * from the line's bytes, with no tree and no map per row.
 *
 * <p>One parser serves every line of a file: Jackson's non-blocking (feeder) parser is fed
 * each line in turn, so a line costs no parser, context or buffer allocation (a blocking
 * parser per line cost about 600 bytes a row). After a malformed line the parser, whose state
 * is then inside that line, is dropped and the next line starts a new one.
 *
 * <p>A field name is resolved to its column once: Jackson hands out one interned String per
 * distinct name, so the parser remembers, for each field position within a line, the last name
 * seen there and its column, and a line laid out like the one before (the usual case) costs
 * one reference comparison per field. Fields not in the schema are skipped; columns missing
 * from a line are null. A value of the wrong JSON type, a NOT NULL column left null, or text
 * that is not one JSON object makes the line malformed. A value past one of the
 * {@link JsonLimits} makes it {@link RecordParser.OverLimit}.
 */
final class JsonRecordParser implements RecordParser {
  private final JsonFactory factory;
  private final JsonLimits limits;
  private final Schema schema;
  private final DataType.Kind[] kinds;
  private final boolean[] notNull;
  private final boolean anyNotNull;
  private final Map<String, Integer> columnByName = new HashMap<>();
  private final TimestampParser timestamps;
  private final RepeatedStrings.Pool stringTables;
  private final RepeatedStrings strings;
  private boolean closed;
  private JsonParser parser;
  private ByteArrayFeeder feeder;
  private String[] nameAt = new String[8];
  private int[] columnAt = new int[8];

  /** {@code factory} comes from {@code limits.factory()}, made once per source, as {@code stringTables}. */
  JsonRecordParser(Schema schema, int corruptColumn, TimestampParser timestamps, JsonLimits limits, JsonFactory factory,
      RepeatedStrings.Pool stringTables) {
    this.factory = factory;
    this.stringTables = stringTables;
    this.strings = stringTables.take();
    this.limits = limits;
    this.schema = schema;
    this.timestamps = timestamps;
    int n = schema.size();
    kinds = new DataType.Kind[n];
    notNull = new boolean[n];
    boolean any = false;
    for (int i = 0; i < n; i++) {
      kinds[i] = schema.field(i).type().kind();
      notNull[i] = !schema.field(i).nullable();
      any |= notNull[i];
      if (i != corruptColumn) {
        columnByName.put(schema.field(i).name(), i);
      }
    }
    anyNotNull = any;
  }

  @Override
  public Object[] parse(byte[] bytes, int offset, int length) throws Malformed {
    Object[] row = new Object[kinds.length];
    boolean parsed = false;
    try {
      if (parser == null) {
        parser = factory.createNonBlockingByteArrayParser();
        feeder = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
      }
      JsonParser p = parser;
      feeder.feedInput(bytes, offset, offset + length);
      if (next(p) != JsonToken.START_OBJECT) {
        throw new Malformed("not a JSON object");
      }
      JsonToken token;
      int position = 0;
      while ((token = next(p)) == JsonToken.FIELD_NAME) {
        int column = column(p.currentName(), position++);
        JsonToken value = next(p);
        if (column < 0) {
          p.skipChildren();
        } else if (value != JsonToken.VALUE_NULL) {
          row[column] = value(p, value, column);
        }
      }
      if (token != JsonToken.END_OBJECT) {
        throw new Malformed("the object is not closed");
      }
      if (p.nextToken() != JsonToken.NOT_AVAILABLE) {
        throw new Malformed("text after the JSON object");
      }
      parsed = true;
    } catch (StreamConstraintsException e) {
      String option = JsonLimits.optionOf(e);
      throw new OverLimit(limits.describe(e, option), option);
    } catch (JsonProcessingException e) {
      throw new Malformed(e.getOriginalMessage());
    } catch (IOException e) {
      throw new Malformed(e.toString());
    } finally {
      if (!parsed) {
        discardParser(); // its state is somewhere inside the bad line; start the next line afresh
      }
    }
    if (anyNotNull) {
      for (int i = 0; i < row.length; i++) {
        if (notNull[i] && row[i] == null) {
          throw new Malformed("column '" + schema.field(i).name() + "' is NOT NULL but the line has no value for it");
        }
      }
    }
    return row;
  }

  /** The next token of the line; running out of line inside the object makes it malformed. */
  private static JsonToken next(JsonParser p) throws IOException, Malformed {
    JsonToken token = p.nextToken();
    if (token == JsonToken.NOT_AVAILABLE || token == null) {
      throw new Malformed("the line ends inside the JSON object");
    }
    return token;
  }

  @Override
  public void close() {
    discardParser();
    if (!closed) {
      closed = true;
      stringTables.giveBack(strings); // twice would lend it to two readers at once
    }
  }

  private void discardParser() {
    if (parser != null) {
      try {
        parser.close();
      } catch (IOException e) {
        // A parser over bytes in memory holds no resource; closing it cannot lose anything.
      }
      parser = null;
      feeder = null;
    }
  }

  private int column(String name, int position) {
    if (position >= nameAt.length) {
      nameAt = java.util.Arrays.copyOf(nameAt, position * 2);
      columnAt = java.util.Arrays.copyOf(columnAt, position * 2);
    }
    if (nameAt[position] == name) {
      return columnAt[position];
    }
    Integer column = columnByName.get(name);
    nameAt[position] = name;
    columnAt[position] = column == null ? -1 : column;
    return columnAt[position];
  }

  private Object value(JsonParser p, JsonToken token, int column) throws IOException, Malformed {
    switch (kinds[column]) {
      case LONG:
        expect(token == JsonToken.VALUE_NUMBER_INT, token, column);
        return p.getLongValue();
      case INT:
        expect(token == JsonToken.VALUE_NUMBER_INT, token, column);
        return p.getIntValue();
      case DOUBLE:
        expect(token == JsonToken.VALUE_NUMBER_FLOAT || token == JsonToken.VALUE_NUMBER_INT, token, column);
        return p.getDoubleValue();
      case BOOLEAN:
        expect(token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE, token, column);
        return token == JsonToken.VALUE_TRUE;
      case STRING:
        expect(token.isScalarValue(), token, column);
        return token == JsonToken.VALUE_STRING
            ? strings.of(p.getTextCharacters(), p.getTextOffset(), p.getTextLength())
            : p.getText();
      case TIMESTAMP:
        expect(token == JsonToken.VALUE_STRING, token, column);
        try {
          return timestamps.parse(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        } catch (DateTimeException | ArithmeticException e) {
          throw new Malformed("column '" + schema.field(column).name() + "': '" + p.getText() + "' is not a timestamp");
        }
      default:
        return nested(p, token, schema.field(column).type(), schema.field(column).name());
    }
  }

  /**
   * A value of any type, at {@code path} ({@code tags[2]}, {@code loc.lat}): the types the loop
   * above leaves to it, and whatever arrays, maps and structs hold. A JSON object is a struct
   * (its fields by name, others skipped) or a map (its keys as the map's STRING keys); an array
   * is an array; a DECIMAL is read from the number's text, exactly, then rounded half up to its
   * scale; a DATE is text as a cast reads it.
   */
  private Object nested(JsonParser p, JsonToken token, DataType type, String path) throws IOException, Malformed {
    if (token == JsonToken.VALUE_NULL) {
      return null;
    }
    switch (type.kind()) {
      case BOOLEAN:
        check(token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE, token, type, path);
        return token == JsonToken.VALUE_TRUE;
      case BYTE: case SHORT: case INT: case LONG: {
        check(token == JsonToken.VALUE_NUMBER_INT, token, type, path);
        long v = p.getLongValue();
        long min = type.kind() == DataType.Kind.BYTE ? Byte.MIN_VALUE : type.kind() == DataType.Kind.SHORT
            ? Short.MIN_VALUE : type.kind() == DataType.Kind.INT ? Integer.MIN_VALUE : Long.MIN_VALUE;
        if (v < min || v > -(min + 1)) {
          throw new Malformed("'" + path + "': " + p.getText() + " is out of the range of " + type);
        }
        return type.kind() == DataType.Kind.BYTE ? (Object) (byte) v : type.kind() == DataType.Kind.SHORT
            ? (Object) (short) v : type.kind() == DataType.Kind.INT ? (Object) (int) v : (Object) v;
      }
      case FLOAT:
        check(token == JsonToken.VALUE_NUMBER_FLOAT || token == JsonToken.VALUE_NUMBER_INT, token, type, path);
        return p.getFloatValue();
      case DOUBLE:
        check(token == JsonToken.VALUE_NUMBER_FLOAT || token == JsonToken.VALUE_NUMBER_INT, token, type, path);
        return p.getDoubleValue();
      case DECIMAL: {
        check(token == JsonToken.VALUE_NUMBER_FLOAT || token == JsonToken.VALUE_NUMBER_INT, token, type, path);
        BigDecimal v = p.getDecimalValue().setScale(type.scale(), RoundingMode.HALF_UP);
        if (v.precision() - v.scale() > type.precision() - type.scale()) {
          throw new Malformed("'" + path + "': " + p.getText() + " does not fit " + type);
        }
        return v;
      }
      case STRING:
        check(token.isScalarValue(), token, type, path);
        return p.getText();
      case BINARY:
        check(token == JsonToken.VALUE_STRING, token, type, path);
        return p.getBinaryValue();
      case DATE: {
        check(token == JsonToken.VALUE_STRING, token, type, path);
        Integer day = DateText.parse(p.getText());
        if (day == null) {
          throw new Malformed("'" + path + "': '" + p.getText() + "' is not a date");
        }
        return day;
      }
      case TIMESTAMP: case TIMESTAMP_NTZ:
        check(token == JsonToken.VALUE_STRING, token, type, path);
        try {
          return timestamps.parse(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        } catch (DateTimeException | ArithmeticException e) {
          throw new Malformed("'" + path + "': '" + p.getText() + "' is not a timestamp");
        }
      case ARRAY: {
        check(token == JsonToken.START_ARRAY, token, type, path);
        List<Object> out = new ArrayList<>();
        JsonToken t;
        while ((t = next(p)) != JsonToken.END_ARRAY) {
          out.add(nested(p, t, type.elementType(), path + "[" + out.size() + "]"));
        }
        return Collections.unmodifiableList(out);
      }
      case MAP: {
        check(token == JsonToken.START_OBJECT, token, type, path);
        if (type.keyType().kind() != DataType.Kind.STRING) {
          throw new Malformed("'" + path + "': a JSON object's keys are text, but its type is " + type);
        }
        Map<Object, Object> out = new LinkedHashMap<>();
        while (next(p) == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          out.put(key, nested(p, next(p), type.valueType(), path + "." + key));
        }
        return Collections.unmodifiableMap(out);
      }
      default: {
        check(token == JsonToken.START_OBJECT, token, type, path);
        Schema fields = type.fields();
        Object[] out = new Object[fields.size()];
        while (next(p) == JsonToken.FIELD_NAME) {
          int at = fields.indexOf(p.currentName());
          JsonToken t = next(p);
          if (at < 0) {
            p.skipChildren();
          } else {
            out[at] = nested(p, t, fields.field(at).type(), path + "." + fields.field(at).name());
          }
        }
        return Row.wrap(out);
      }
    }
  }

  private static void check(boolean ok, JsonToken token, DataType type, String path) throws Malformed {
    if (!ok) {
      throw new Malformed("'" + path + "' of type " + type + " cannot hold the JSON " + token);
    }
  }

  private void expect(boolean ok, JsonToken token, int column) throws Malformed {
    if (!ok) {
      throw new Malformed("column '" + schema.field(column).name() + "' of type " + kinds[column] + " cannot hold the "
          + "JSON " + token);
    }
  }
}
