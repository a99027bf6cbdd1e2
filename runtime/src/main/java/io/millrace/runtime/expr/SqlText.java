package io.millrace.runtime.expr;

import java.util.Locale;
import java.util.Set;

/**
 * Spelling of identifiers and string literals in the SQL text that expressions print. The
 * text is meant to parse back with {@link ExpressionParser}, so names that the parser would
 * read differently get backquotes.
 */
final class SqlText {

  /** Words the parser reserves; a column with one of these names must be backquoted. */
  static final Set<String> KEYWORDS = Set.of(
      "AND", "OR", "NOT", "IS", "NULL", "IN", "BETWEEN", "LIKE", "CASE", "WHEN", "THEN", "ELSE",
      "END", "CAST", "AS", "TRUE", "FALSE");

  private SqlText() {
  }

  static boolean isKeyword(String word) {
    return KEYWORDS.contains(word.toUpperCase(Locale.ROOT));
  }

  /** {@code name} as is when it is a plain identifier, else in backquotes. */
  static String identifier(String name) {
    return isPlainIdentifier(name) && !isKeyword(name) ? name : "`" + name.replace("`", "``") + "`";
  }

  /** {@code value} as a single-quoted literal, doubling embedded quotes. */
  static String string(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  static boolean isIdentifierStart(char c) {
    return Character.isLetter(c) || c == '_';
  }

  static boolean isIdentifierPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  private static boolean isPlainIdentifier(String name) {
    if (name.isEmpty() || !isIdentifierStart(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!isIdentifierPart(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
