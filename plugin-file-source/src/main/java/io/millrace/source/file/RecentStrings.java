package io.millrace.source.file;

/**
 * Hands out one String instance for short texts seen recently, so that a column with few
 * distinct values (keys, codes, names) costs no String per row: no copy and Latin-1
 * compression of the parser's chars, a hash computed once per instance instead of per row,
 * and grouping that compares by reference first. Direct-mapped and bounded: a text whose slot
 * holds another is made anew and takes the slot, so a column of all-distinct values costs one
 * hash and one comparison per row more than no cache, and memory stays a few hundred KB per
 * parser. Used by one thread.
 */
final class RecentStrings {
  /** Longer texts are rarely repeated values; they are made anew each time. */
  static final int MAX_LENGTH = 32;
  private static final int SLOTS = 4096;

  private final String[] slots = new String[SLOTS];

  /** The text of {@code chars[offset, offset + length)}, an instance seen before when it is in a slot. */
  String of(char[] chars, int offset, int length) {
    if (length > MAX_LENGTH) {
      return new String(chars, offset, length);
    }
    int hash = 0;
    for (int i = 0; i < length; i++) {
      hash = 31 * hash + chars[offset + i];
    }
    int slot = (hash ^ (hash >>> 12) ^ (hash >>> 24)) & (SLOTS - 1);
    String s = slots[slot];
    if (s != null && s.length() == length && sameChars(s, chars, offset)) {
      return s;
    }
    s = new String(chars, offset, length);
    slots[slot] = s;
    return s;
  }

  private static boolean sameChars(String s, char[] chars, int offset) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) != chars[offset + i]) {
        return false;
      }
    }
    return true;
  }
}
