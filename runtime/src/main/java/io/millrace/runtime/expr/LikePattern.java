package io.millrace.runtime.expr;

import java.util.Arrays;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Compiles a SQL LIKE pattern: {@code %} matches any run of characters, {@code _} exactly one,
 * and a backslash makes the next character literal (a trailing backslash is itself literal).
 * The common shapes {@code abc}, {@code abc%}, {@code %abc} and {@code %abc%} compile to plain
 * string tests; the rest to a regular expression.
 */
final class LikePattern {
  /** Marks for the wildcards; literal characters are kept as their char values. */
  private static final int ANY_RUN = -1;
  private static final int ANY_ONE = -2;

  private LikePattern() {
  }

  static Predicate<String> compile(String pattern) {
    int[] tokens = tokenize(pattern);
    int start = 0;
    while (start < tokens.length && tokens[start] == ANY_RUN) {
      start++;
    }
    int end = tokens.length;
    while (end > start && tokens[end - 1] == ANY_RUN) {
      end--;
    }
    String middle = literalText(tokens, start, end);
    if (middle == null) {
      return regex(tokens);
    }
    boolean leading = start > 0;
    boolean trailing = end < tokens.length;
    if (leading && trailing || leading && middle.isEmpty()) {
      return s -> s.contains(middle);
    } else if (leading) {
      return s -> s.endsWith(middle);
    } else if (trailing) {
      return s -> s.startsWith(middle);
    }
    return middle::equals;
  }

  private static int[] tokenize(String pattern) {
    int[] tokens = new int[pattern.length()];
    int n = 0;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        tokens[n++] = pattern.charAt(++i);
      } else {
        tokens[n++] = c == '%' ? ANY_RUN : c == '_' ? ANY_ONE : c;
      }
    }
    return Arrays.copyOf(tokens, n);
  }

  /** The characters of tokens[from, to), or null when a wildcard is among them. */
  private static String literalText(int[] tokens, int from, int to) {
    StringBuilder text = new StringBuilder(to - from);
    for (int i = from; i < to; i++) {
      if (tokens[i] < 0) {
        return null;
      }
      text.append((char) tokens[i]);
    }
    return text.toString();
  }

  private static Predicate<String> regex(int[] tokens) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (int token : tokens) {
      if (token >= 0) {
        literal.append((char) token);
        continue;
      }
      if (literal.length() > 0) {
        regex.append(Pattern.quote(literal.toString()));
        literal.setLength(0);
      }
      regex.append(token == ANY_RUN ? ".*" : ".");
    }
    if (literal.length() > 0) {
      regex.append(Pattern.quote(literal.toString()));
    }
    Pattern compiled = Pattern.compile(regex.toString(), Pattern.DOTALL);
    return s -> compiled.matcher(s).matches();
  }
}
