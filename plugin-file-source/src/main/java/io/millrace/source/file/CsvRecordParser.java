package io.millrace.source.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Schema;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Format {@code csv}: one record per line, fields separated by {@code delimiter}, in the
 * schema's column order (the {@code _corrupt_record} column, if any, takes no field). A field
 * may be quoted with {@code "}, with {@code ""} for a quote inside; quoted fields cannot span
 * lines. An empty unquoted field is null. A line with another number of fields, or a field
 * that does not convert to its column's type, is malformed. The header line, when
 * {@code header} is true, is skipped by the reader, not matched against the schema.
 */
final class CsvRecordParser implements RecordParser {
  private final Schema schema;
  private final int corruptColumn;
  private final char delimiter;
  private final TimestampParser timestamps;
  private final int fieldCount;
  private final List<String> fields = new ArrayList<>();
  private final List<Boolean> quoted = new ArrayList<>();
  private final StringBuilder field = new StringBuilder();

  CsvRecordParser(Schema schema, int corruptColumn, char delimiter, TimestampParser timestamps) {
    this.schema = schema;
    this.corruptColumn = corruptColumn;
    this.delimiter = delimiter;
    this.timestamps = timestamps;
    this.fieldCount = schema.size() - (corruptColumn >= 0 ? 1 : 0);
  }

  @Override
  public Object[] parse(byte[] bytes, int offset, int length) throws Malformed {
    split(new String(bytes, offset, length, StandardCharsets.UTF_8));
    if (fields.size() != fieldCount) {
      throw new Malformed("expected " + fieldCount + " fields, found " + fields.size());
    }
    Object[] row = new Object[schema.size()];
    int f = 0;
    for (int column = 0; column < row.length; column++) {
      if (column == corruptColumn) {
        continue;
      }
      String text = fields.get(f);
      boolean wasQuoted = quoted.get(f++);
      if (text.isEmpty() && !wasQuoted) {
        if (!schema.field(column).nullable()) {
          throw new Malformed("column '" + schema.field(column).name() + "' is NOT NULL but its field is empty");
        }
        continue;
      }
      row[column] = convert(column, text);
    }
    return row;
  }

  private void split(String line) throws Malformed {
    fields.clear();
    quoted.clear();
    field.setLength(0);
    boolean inQuotes = false;
    boolean wasQuoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (inQuotes) {
        if (c == '"') {
          if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
            field.append('"');
            i++;
          } else {
            inQuotes = false;
          }
        } else {
          field.append(c);
        }
      } else if (c == delimiter) {
        fields.add(field.toString());
        quoted.add(wasQuoted);
        field.setLength(0);
        wasQuoted = false;
      } else if (c == '"' && field.length() == 0 && !wasQuoted) {
        inQuotes = true;
        wasQuoted = true;
      } else {
        field.append(c);
      }
    }
    if (inQuotes) {
      throw new Malformed("a quoted field is not closed");
    }
    fields.add(field.toString());
    quoted.add(wasQuoted);
  }

  /** Exactly the text's digits, rounded half up to the type's scale; too many digits are refused. */
  private static java.math.BigDecimal decimal(DataType type, String text) {
    java.math.BigDecimal v = new java.math.BigDecimal(text).setScale(type.scale(), java.math.RoundingMode.HALF_UP);
    if (v.precision() - v.scale() > type.precision() - type.scale()) {
      throw new IllegalArgumentException("does not fit " + type);
    }
    return v;
  }

  private static Integer date(String text) {
    Integer day = io.millrace.spi.data.DateText.parse(text);
    if (day == null) {
      throw new IllegalArgumentException("not a date");
    }
    return day;
  }

  private Object convert(int column, String text) throws Malformed {
    DataType.Kind kind = schema.field(column).type().kind();
    try {
      switch (kind) {
        case LONG: return Long.parseLong(text.trim());
        case INT: return Integer.parseInt(text.trim());
        case SHORT: return Short.parseShort(text.trim());
        case BYTE: return Byte.parseByte(text.trim());
        case DOUBLE: return Double.parseDouble(text.trim());
        case FLOAT: return Float.parseFloat(text.trim());
        case DECIMAL: return decimal(schema.field(column).type(), text.trim());
        case DATE: return date(text);
        case TIMESTAMP_NTZ: return timestamps.parse(text.trim());
        case STRING: return text;
        case TIMESTAMP: return timestamps.parse(text.trim());
        case BINARY: return Base64.getDecoder().decode(text.trim());
        case BOOLEAN:
          String t = text.trim();
          if (t.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
          }
          if (t.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
          }
          throw new IllegalArgumentException("not true or false");
        default:
          throw new Malformed("column '" + schema.field(column).name() + "' has a type the file source cannot read");
      }
    } catch (IllegalArgumentException | DateTimeException | ArithmeticException e) {
      throw new Malformed("column '" + schema.field(column).name() + "' of type " + kind + ": '" + text
          + "' does not convert (" + e.getMessage() + ")");
    }
  }
}
