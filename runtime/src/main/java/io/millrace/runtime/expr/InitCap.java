package io.millrace.runtime.expr;

import java.util.HashMap;
import java.util.Map;

/**
 * {@code initcap(str)} as Spark 4 computes it (CollationAwareUTF8String.toTitleCaseICU): the
 * first character of the text and every character after an ASCII space is title-cased, every
 * other character lower-cased, one code point at a time; a capital sigma becomes the final
 * sigma when a cased letter precedes it and none follows within the word, and a capital I with
 * dot above becomes {@code i} and a combining dot. Spark uses ICU4J's root-locale mappings;
 * this uses the JDK's single-character mappings, which are the same for the Unicode version
 * the JDK knows, and the one-to-many title-case mappings below.
 */
final class InitCap {
  private static final int CAPITAL_SIGMA = 0x03A3;
  private static final int CAPITAL_I_WITH_DOT = 0x0130;

  /**
   * The characters whose title case is several characters (SpecialCasing.txt, as ICU 76 in
   * Spark 4.0.1 gives them: {@code ß} is {@code Ss}, {@code ﬁ} is {@code Fi}); the JDK has no
   * full title-case mapping.
   */
  private static final Map<Integer, String> TITLE_CASE_OF_MANY = pairs(
      "\u00DF", "\u0053\u0073", "\u0149", "\u02BC\u004E", "\u01F0", "\u004A\u030C", "\u0390", "\u0399\u0308\u0301",
      "\u03B0", "\u03A5\u0308\u0301", "\u0587", "\u0535\u0582", "\u1E96", "\u0048\u0331", "\u1E97", "\u0054\u0308",
      "\u1E98", "\u0057\u030A", "\u1E99", "\u0059\u030A", "\u1E9A", "\u0041\u02BE", "\u1F50", "\u03A5\u0313",
      "\u1F52", "\u03A5\u0313\u0300", "\u1F54", "\u03A5\u0313\u0301", "\u1F56", "\u03A5\u0313\u0342",
      "\u1FB2", "\u1FBA\u0345", "\u1FB4", "\u0386\u0345", "\u1FB6", "\u0391\u0342", "\u1FB7", "\u0391\u0342\u0345",
      "\u1FC2", "\u1FCA\u0345", "\u1FC4", "\u0389\u0345", "\u1FC6", "\u0397\u0342", "\u1FC7", "\u0397\u0342\u0345",
      "\u1FD2", "\u0399\u0308\u0300", "\u1FD3", "\u0399\u0308\u0301", "\u1FD6", "\u0399\u0342",
      "\u1FD7", "\u0399\u0308\u0342", "\u1FE2", "\u03A5\u0308\u0300", "\u1FE3", "\u03A5\u0308\u0301",
      "\u1FE4", "\u03A1\u0313", "\u1FE6", "\u03A5\u0342", "\u1FE7", "\u03A5\u0308\u0342", "\u1FF2", "\u1FFA\u0345",
      "\u1FF4", "\u038F\u0345", "\u1FF6", "\u03A9\u0342", "\u1FF7", "\u03A9\u0342\u0345", "\uFB00", "\u0046\u0066",
      "\uFB01", "\u0046\u0069", "\uFB02", "\u0046\u006C", "\uFB03", "\u0046\u0066\u0069",
      "\uFB04", "\u0046\u0066\u006C", "\uFB05", "\u0053\u0074", "\uFB06", "\u0053\u0074", "\uFB13", "\u0544\u0576",
      "\uFB14", "\u0544\u0565", "\uFB15", "\u0544\u056B", "\uFB16", "\u054E\u0576", "\uFB17", "\u0544\u056D");

  /**
   * Characters that Unicode's Case_Ignorable property adds to the general categories Mn, Me,
   * Cf, Lm and Sk (the word-break classes MidLetter, MidNumLet and Single_Quote).
   */
  private static final String CASE_IGNORABLE_PUNCTUATION =
      "\u0027\u002E\u003A\u00B7\u0387\u055F\u05F4\u2018\u2019\u2024\u2027\uFE13\uFE52\uFE55\uFF07\uFF0E\uFF1A";

  private InitCap() {
  }

  static String apply(String s) {
    StringBuilder out = new StringBuilder(s.length());
    boolean newWord = true;
    boolean precededByCased = false;
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      int next = i + Character.charCount(c);
      if (newWord) {
        String many = TITLE_CASE_OF_MANY.get(c);
        if (many != null) {
          out.append(many);
        } else {
          out.appendCodePoint(Character.toTitleCase(c));
        }
      } else if (c == CAPITAL_SIGMA) {
        out.append(precededByCased && !followedByCased(s, next) ? '\u03C2' : '\u03C3');
      } else if (c == CAPITAL_I_WITH_DOT) {
        out.append("i\u0307");
      } else {
        out.appendCodePoint(Character.toLowerCase(c));
      }
      newWord = c == ' ';
      if (!isCaseIgnorable(c)) {
        precededByCased = isCased(c);
      }
      i = next;
    }
    return out.toString();
  }

  /** Whether the first character from {@code from} on that is not case-ignorable is cased. */
  private static boolean followedByCased(String s, int from) {
    for (int i = from; i < s.length(); ) {
      int c = s.codePointAt(i);
      if (!isCaseIgnorable(c)) {
        return isCased(c);
      }
      i += Character.charCount(c);
    }
    return false;
  }

  /** Unicode's Cased: Lowercase, Uppercase or a title-case letter. */
  private static boolean isCased(int c) {
    return Character.isLowerCase(c) || Character.isUpperCase(c) || Character.isTitleCase(c);
  }

  private static boolean isCaseIgnorable(int c) {
    switch (Character.getType(c)) {
      case Character.NON_SPACING_MARK: case Character.ENCLOSING_MARK: case Character.FORMAT:
      case Character.MODIFIER_LETTER: case Character.MODIFIER_SYMBOL:
        return true;
      default:
        return c < 0x10000 && CASE_IGNORABLE_PUNCTUATION.indexOf(c) >= 0;
    }
  }

  private static Map<Integer, String> pairs(String... characterAndTitle) {
    Map<Integer, String> map = new HashMap<>();
    for (int i = 0; i < characterAndTitle.length; i += 2) {
      map.put(characterAndTitle[i].codePointAt(0), characterAndTitle[i + 1]);
    }
    return Map.copyOf(map);
  }
}
