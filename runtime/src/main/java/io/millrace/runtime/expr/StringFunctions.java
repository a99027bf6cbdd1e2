package io.millrace.runtime.expr;

import io.millrace.runtime.expr.SimpleFunction.Arg;
import io.millrace.runtime.expr.SimpleFunction.Signature;
import io.millrace.spi.data.DataType;
import java.util.HashMap;
import java.util.Map;

/**
 * The null-intolerant string functions {@code instr}, {@code replace}, {@code translate},
 * {@code initcap} and {@code repeat} as {@link SimpleFunction}s, and the string case of
 * {@code reverse}, with Spark's UTF8String results; characters are code points, so a character
 * beyond the BMP counts once.
 */
final class StringFunctions {
  static final Signature INSTR = Signature.of("instr", DataType.INT,
      v -> Locate.position((String) v[0], (String) v[1], 0), Arg.STRING, Arg.STRING);
  static final Signature REPLACE = Signature.of("replace", DataType.STRING,
      v -> replace((String) v[0], (String) v[1], (String) v[2]), Arg.STRING, Arg.STRING, Arg.STRING);
  static final Signature REPLACE_WITH_NOTHING = Signature.of("replace", DataType.STRING,
      v -> replace((String) v[0], (String) v[1], ""), Arg.STRING, Arg.STRING);
  static final Signature TRANSLATE = Signature.of("translate", DataType.STRING,
      v -> translate((String) v[0], (String) v[1], (String) v[2]), Arg.STRING, Arg.STRING, Arg.STRING);
  static final Signature INITCAP = Signature.of("initcap", DataType.STRING,
      v -> InitCap.apply((String) v[0]), Arg.STRING);
  static final Signature REPEAT = Signature.of("repeat", DataType.STRING,
      v -> repeat((String) v[0], (Integer) v[1]), Arg.STRING, Arg.INT);

  /** Marks a character that {@code translate} deletes; a NUL in {@code to} deletes too, as in Spark. */
  private static final String DELETE = "\u0000";

  private StringFunctions() {
  }

  /** Every {@code search} in {@code s} replaced by {@code replacement}; an empty {@code search} changes nothing. */
  static String replace(String s, String search, String replacement) {
    return search.isEmpty() ? s : s.replace(search, replacement);
  }

  /**
   * Each character of {@code s} found in {@code from} replaced by the character at the same
   * place in {@code to}, or deleted when {@code to} is shorter; the first place of a character
   * repeated in {@code from} counts.
   */
  static String translate(String s, String from, String to) {
    Map<Integer, String> dictionary = new HashMap<>();
    for (int i = 0, j = 0; i < from.length(); ) {
      int c = from.codePointAt(i);
      String replacement = DELETE;
      if (j < to.length()) {
        int r = to.codePointAt(j);
        replacement = new String(Character.toChars(r));
        j += Character.charCount(r);
      }
      dictionary.putIfAbsent(c, replacement);
      i += Character.charCount(c);
    }
    StringBuilder out = new StringBuilder(s.length());
    s.codePoints().forEach(c -> {
      String replacement = dictionary.get(c);
      if (replacement == null) {
        out.appendCodePoint(c);
      } else if (!replacement.equals(DELETE)) {
        out.append(replacement);
      }
    });
    return out.toString();
  }

  /** {@code s} {@code times} times; empty for {@code times} below 1. */
  static String repeat(String s, int times) {
    if (times <= 0 || s.isEmpty()) {
      return "";
    }
    if ((long) s.length() * times > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("repeat: " + times + " copies of a text of " + s.length()
          + " characters exceed the largest text Java can hold");
    }
    return s.repeat(times);
  }

  /** The characters of {@code s} in reverse order; a surrogate pair stays one character. */
  static String reverse(String s) {
    return new StringBuilder(s).reverse().toString();
  }
}
