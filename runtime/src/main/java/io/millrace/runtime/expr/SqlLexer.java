package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL expression text into tokens for {@link ExpressionParser}. Positions are 1-based
 * character columns, which is what error messages report.
 */
final class SqlLexer {

  /** The kinds of token; keywords are IDENTIFIERs that the parser recognises by text. */
  enum Kind {
    IDENTIFIER, QUOTED_IDENTIFIER, STRING, INTEGER, DECIMAL, BINARY, SYMBOL, EOF
  }

  /**
   * A token. {@code text} is its meaning (an identifier's name, a string's unescaped value, a
   * number's digits with any suffix); {@code source} is what the user wrote, for messages.
   */
  record Token(Kind kind, String text, int position, String source) {

    boolean isSymbol(String symbol) {
      return kind == Kind.SYMBOL && text.equals(symbol);
    }

    boolean isKeyword(String keyword) {
      return kind == Kind.IDENTIFIER && text.equalsIgnoreCase(keyword);
    }
  }

  /** Longest first, so that {@code <=>} is not read as {@code <=} then {@code >}. */
  private static final String[] SYMBOLS = {
    "<=>", "<=", ">=", "<>", "!=", "==", "||", "->", "=", "<", ">", "+", "-", "*", "/", "%", "(", ")", ",", "[", "]", ".", ":"
  };

  private final String sql;
  private final List<Token> tokens = new ArrayList<>();
  private int pos;

  private SqlLexer(String sql) {
    this.sql = sql;
  }

  static List<Token> tokenize(String sql) {
    SqlLexer lexer = new SqlLexer(sql);
    lexer.run();
    return lexer.tokens;
  }

  /** The message every syntax error has: the text, the 1-based position, the problem. */
  static AnalysisException syntaxError(String sql, int position, String message) {
    return new AnalysisException("cannot parse '" + sql + "' at position " + position + ": " + message);
  }

  private void run() {
    while (true) {
      while (pos < sql.length() && Character.isWhitespace(sql.charAt(pos))) {
        pos++;
      }
      if (pos >= sql.length()) {
        tokens.add(new Token(Kind.EOF, "", sql.length() + 1, "end of input"));
        return;
      }
      tokens.add(next());
    }
  }

  private Token next() {
    int start = pos;
    char c = sql.charAt(pos);
    if ((c == 'x' || c == 'X') && pos + 1 < sql.length() && sql.charAt(pos + 1) == '\'') {
      pos++;
      return binary(start);
    }
    if (SqlText.isIdentifierStart(c)) {
      while (pos < sql.length() && SqlText.isIdentifierPart(sql.charAt(pos))) {
        pos++;
      }
      return token(Kind.IDENTIFIER, sql.substring(start, pos), start);
    }
    if (isDigit(c) || c == '.' && pos + 1 < sql.length() && isDigit(sql.charAt(pos + 1))) {
      return number(start);
    }
    if (c == '\'') {
      return token(Kind.STRING, unescape(quoted('\'', "string literal", true)), start);
    }
    if (c == '`') {
      return token(Kind.QUOTED_IDENTIFIER, quoted('`', "quoted identifier"), start);
    }
    for (String symbol : SYMBOLS) {
      if (sql.startsWith(symbol, pos)) {
        pos += symbol.length();
        return token(Kind.SYMBOL, symbol, start);
      }
    }
    throw syntaxError(sql, start + 1, "unexpected character '" + c + "'");
  }

  private Token token(Kind kind, String text, int start) {
    String raw = sql.substring(start, pos);
    // Literals in quotes already read as quoted in a message.
    boolean quoted = kind == Kind.STRING || kind == Kind.BINARY;
    return new Token(kind, text, start + 1, quoted ? raw : "'" + raw + "'");
  }

  /** Text between {@code quote}s, where a doubled quote stands for one. */
  private String quoted(char quote, String what) {
    return quoted(quote, what, false);
  }

  /** The text between quotes, a doubled quote as one; with {@code backslashes}, a backslash keeps the next character in the text. */
  private String quoted(char quote, String what, boolean backslashes) {
    int start = pos;
    StringBuilder text = new StringBuilder();
    pos++;
    while (pos < sql.length()) {
      char c = sql.charAt(pos++);
      if (backslashes && c == '\\' && pos < sql.length()) {
        text.append(c).append(sql.charAt(pos++));
      } else if (c != quote) {
        text.append(c);
      } else if (pos < sql.length() && sql.charAt(pos) == quote) {
        text.append(quote);
        pos++;
      } else {
        return text.toString();
      }
    }
    throw syntaxError(sql, start + 1, "unterminated " + what);
  }

  /**
   * A string literal's backslash escapes, as Spark's SQL parser reads them
   * ({@code spark.sql.parser.escapedStringLiterals=false}, its default): {@code \\n \\t \\r \\b
   * \\0 \\Z}, {@code \\'} and {@code \\"}, {@code \\\\} for a backslash, {@code \\uXXXX}, three octal
   * digits; {@code \\%} and {@code \\_} keep their backslash (for LIKE); any other character after
   * a backslash stands for itself, so a regex's {@code \\d} is written {@code \\\\d}.
   */
  static String unescape(String text) {
    if (text.indexOf('\\') < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != '\\' || i + 1 == text.length()) {
        out.append(c);
        continue;
      }
      char n = text.charAt(++i);
      if (n == 'u' && i + 4 < text.length() && text.substring(i + 1, i + 5).chars().allMatch(h -> Character.digit(h, 16) >= 0)) {
        out.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
        i += 4;
        continue;
      }
      if (n >= '0' && n <= '3' && i + 2 < text.length() && isOctal(text.charAt(i + 1)) && isOctal(text.charAt(i + 2))) {
        out.append((char) Integer.parseInt(text.substring(i, i + 3), 8));
        i += 2;
        continue;
      }
      switch (n) {
        case '0': out.append('\u0000'); break;
        case 'b': out.append('\b'); break;
        case 'n': out.append('\n'); break;
        case 'r': out.append('\r'); break;
        case 't': out.append('\t'); break;
        case 'Z': out.append('\u001A'); break;
        case '%': case '_': out.append('\\').append(n); break;
        default: out.append(n);
      }
    }
    return out.toString();
  }

  private static boolean isOctal(char c) {
    return c >= '0' && c <= '7';
  }

  private Token binary(int start) {
    String hex = quoted('\'', "binary literal");
    if (hex.length() % 2 != 0 || !hex.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
      throw syntaxError(sql, start + 1, "a binary literal needs an even number of hex digits");
    }
    return token(Kind.BINARY, hex, start);
  }

  /**
   * An integer ({@code 12}, {@code 12L}) or a decimal ({@code 1.5}, {@code .5}, {@code 1e3},
   * {@code 2D}). The parser decides the type from the text.
   */
  private Token number(int start) {
    boolean decimal = false;
    skipDigits();
    if (pos < sql.length() && sql.charAt(pos) == '.') {
      decimal = true;
      pos++;
      skipDigits();
    }
    if (pos < sql.length() && (sql.charAt(pos) == 'e' || sql.charAt(pos) == 'E') && exponentFollows()) {
      decimal = true;
      pos++;
      if (sql.charAt(pos) == '+' || sql.charAt(pos) == '-') {
        pos++;
      }
      skipDigits();
    }
    // Spark's typed literals: 1Y TINYINT, 1S SMALLINT, 1L BIGINT, 1.5F FLOAT, 1.5D DOUBLE, 1.5BD DECIMAL.
    if (pos + 1 < sql.length() && Character.toUpperCase(sql.charAt(pos)) == 'B'
        && Character.toUpperCase(sql.charAt(pos + 1)) == 'D') {
      decimal = true;
      pos += 2;
    } else if (pos < sql.length() && "LlDdFfYySs".indexOf(sql.charAt(pos)) >= 0) {
      char suffix = Character.toUpperCase(sql.charAt(pos));
      if ("LYS".indexOf(suffix) >= 0 && decimal) {
        throw syntaxError(sql, pos + 1, "the " + suffix + " suffix needs an integer");
      }
      decimal |= suffix == 'D' || suffix == 'F';
      pos++;
    }
    if (pos < sql.length() && SqlText.isIdentifierPart(sql.charAt(pos))) {
      throw syntaxError(sql, start + 1, "invalid number '" + sql.substring(start, pos + 1) + "'");
    }
    return token(decimal ? Kind.DECIMAL : Kind.INTEGER, sql.substring(start, pos), start);
  }

  private boolean exponentFollows() {
    int i = pos + 1;
    if (i < sql.length() && (sql.charAt(i) == '+' || sql.charAt(i) == '-')) {
      i++;
    }
    return i < sql.length() && isDigit(sql.charAt(i));
  }

  private void skipDigits() {
    while (pos < sql.length() && isDigit(sql.charAt(pos))) {
      pos++;
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
