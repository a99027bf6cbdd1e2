package io.millrace.spi.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads Spark's DDL for types and schemas: {@code a DECIMAL(10,2), tags ARRAY<STRING>,
 * attrs MAP<STRING,INT>, loc STRUCT<lat: DOUBLE, lon: DOUBLE>}. Type names are
 * case-insensitive; a field name runs to a blank or one of {@code : , < >}, or is quoted in
 * backticks; a field's name may be followed by a colon, and a field may say {@code NOT NULL}.
 */
final class TypeParser {
  private static final String KNOWN = "BOOLEAN, TINYINT (BYTE), SMALLINT (SHORT), INT, BIGINT (LONG), FLOAT, DOUBLE, "
      + "DECIMAL(p,s), STRING, BINARY, DATE, TIMESTAMP, TIMESTAMP_NTZ, ARRAY<t>, MAP<k, v>, STRUCT<name t, ..>";

  private final String text;
  private int pos;

  private TypeParser(String text) {
    this.text = text;
  }

  static DataType parseType(String text) {
    TypeParser p = new TypeParser(text);
    DataType type = p.type();
    p.end();
    return type;
  }

  static List<Field> parseFields(String text) {
    TypeParser p = new TypeParser(text);
    List<Field> fields = p.fields(false);
    p.end();
    return fields;
  }

  private List<Field> fields(boolean inStruct) {
    List<Field> fields = new ArrayList<>();
    do {
      skipSpaces();
      int start = pos;
      String name = name();
      if (name.isEmpty()) {
        throw start == text.length() || peek(',')
            ? new IllegalArgumentException("a field has no name at position " + (start + 1) + " of '" + text + "'")
            : error("a field name");
      }
      skipSpaces();
      if (peek(':')) {
        pos++;
      } else if (!inStruct && (pos == text.length() || peek(','))) {
        throw new IllegalArgumentException("field '" + name + "' has no type");
      }
      DataType type;
      try {
        type = type();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("field '" + name + "': " + e.getMessage(), e);
      }
      fields.add(new Field(name, type, !notNull()));
      skipSpaces();
    } while (accept(','));
    return fields;
  }

  private DataType type() {
    skipSpaces();
    int start = pos;
    String word = word().toUpperCase(Locale.ROOT);
    skipSpaces();
    switch (word) {
      case "ARRAY": {
        expect('<', "ARRAY<element type>");
        DataType element = type();
        boolean containsNull = !notNull();
        expect('>', "the '>' closing ARRAY<");
        return DataType.array(element, containsNull);
      }
      case "MAP": {
        expect('<', "MAP<key type, value type>");
        DataType key = type();
        expect(',', "MAP<key type, value type>");
        DataType value = type();
        boolean containsNull = !notNull();
        expect('>', "the '>' closing MAP<");
        return DataType.map(key, value, containsNull);
      }
      case "STRUCT": {
        expect('<', "STRUCT<field type, ..>");
        skipSpaces();
        List<Field> fields = peek('>') ? List.of() : fields(true);
        expect('>', "the '>' closing STRUCT<");
        return DataType.struct(Schema.of(fields));
      }
      case "DECIMAL": case "DEC": case "NUMERIC": {
        if (!accept('(')) {
          return DataType.decimal(10, 0); // Spark's DECIMAL with no precision
        }
        int precision = number();
        int scale = accept(',') ? number() : 0;
        expect(')', "DECIMAL(precision, scale)");
        return DataType.decimal(precision, scale);
      }
      default:
        DataType primitive = primitive(word);
        if (primitive == null || peek('(')) {
          throw new IllegalArgumentException(unsupported(text.substring(start).trim(), word));
        }
        return primitive;
    }
  }

  private static DataType primitive(String word) {
    switch (word) {
      case "BOOLEAN": case "BOOL": return DataType.BOOLEAN;
      case "TINYINT": case "BYTE": return DataType.BYTE;
      case "SMALLINT": case "SHORT": return DataType.SHORT;
      case "INT": case "INTEGER": return DataType.INT;
      case "BIGINT": case "LONG": return DataType.LONG;
      case "FLOAT": case "REAL": return DataType.FLOAT;
      case "DOUBLE": case "FLOAT8": return DataType.DOUBLE;
      case "STRING": case "VARCHAR": case "TEXT": return DataType.STRING;
      case "BINARY": case "BYTES": return DataType.BINARY;
      case "DATE": return DataType.DATE;
      case "TIMESTAMP": case "TIMESTAMP_LTZ": return DataType.TIMESTAMP;
      case "TIMESTAMP_NTZ": return DataType.TIMESTAMP_NTZ;
      default: return null;
    }
  }

  /** Why a type is refused: what Millrace lacks, or the known names. */
  private static String unsupported(String spelled, String word) {
    switch (word) {
      case "CHAR": case "VARCHAR": case "CHARACTER":
        return "type '" + spelled + "' is not supported: Millrace has no length-limited text type; use STRING";
      case "INTERVAL": case "VARIANT": case "VOID": case "OBJECT": case "GEOMETRY": case "GEOGRAPHY":
        return "type '" + spelled + "' is not supported: Millrace has no " + word + " type";
      default:
        return "unknown type '" + spelled + "'; known types: " + KNOWN;
    }
  }

  private boolean notNull() {
    skipSpaces();
    int mark = pos;
    if (wordOrEmpty().equalsIgnoreCase("NOT")) {
      skipSpaces();
      if (wordOrEmpty().equalsIgnoreCase("NULL")) {
        return true;
      }
    }
    pos = mark;
    return false;
  }

  private String wordOrEmpty() {
    int start = pos;
    while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
      pos++;
    }
    return text.substring(start, pos);
  }

  /** A field name: backticked (any text, {@code ``} for a backtick) or a run of name characters. */
  private String name() {
    if (peek('`')) {
      StringBuilder sb = new StringBuilder();
      pos++;
      while (pos < text.length()) {
        char c = text.charAt(pos++);
        if (c == '`') {
          if (peek('`')) {
            sb.append('`');
            pos++;
          } else {
            return sb.toString();
          }
        } else {
          sb.append(c);
        }
      }
      throw error("the closing backtick of a field name");
    }
    int start = pos;
    while (pos < text.length() && !needsQuotes(text.charAt(pos))) {
      pos++;
    }
    return text.substring(start, pos);
  }

  /**
   * Whether a name holding {@code c} must be backticked: blanks and the characters that end a
   * name in DDL. Others, parentheses and dots included, may stand bare, as the state schema
   * files of earlier versions wrote names such as {@code avg(amount).sum}.
   */
  static boolean needsQuotes(char c) {
    return Character.isWhitespace(c) || ":,<>`".indexOf(c) >= 0;
  }

  private String word() {
    String word = wordOrEmpty();
    if (word.isEmpty()) {
      throw error("a type");
    }
    return word;
  }

  private int number() {
    skipSpaces();
    int start = pos;
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (start == pos) {
      throw error("a number");
    }
    try {
      return Integer.parseInt(text.substring(start, pos));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("number " + text.substring(start, pos) + " is too large in '" + text + "'");
    }
  }

  private void expect(char c, String what) {
    if (!accept(c)) {
      throw error(what);
    }
  }

  private boolean accept(char c) {
    skipSpaces();
    if (peek(c)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean peek(char c) {
    return pos < text.length() && text.charAt(pos) == c;
  }

  private void skipSpaces() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private void end() {
    skipSpaces();
    if (pos < text.length()) {
      throw error("the end");
    }
  }

  private IllegalArgumentException error(String expected) {
    String found = pos >= text.length() ? "the end" : "'" + text.substring(pos) + "'";
    return new IllegalArgumentException("expected " + expected + " at position " + (pos + 1) + " of '" + text
        + "' but found " + found);
  }
}
