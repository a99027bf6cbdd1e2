package io.millrace.source.file;

/**
 * Hands out one String for text a column repeats: keys, user ids, categories. A batch's rows wait
 * in memory until the state side takes them, so every row's copy of the same short key is
 * allocated, then copied by each young collection that finds it waiting; one shared instance
 * costs neither. Short text only, in a small direct-mapped table: a slot holds the last text
 * that hashed to it, so text that never repeats costs one hash and one comparison more than a new
 * String, and the table's memory stays fixed.
 */
final class RepeatedStrings {
  /** Longer text is rarely a repeated key, and comparing it would cost more than it saves. */
  static final int MAX_LENGTH = 32;
  private static final int SLOTS = 16384;

  private final String[] slots = new String[SLOTS];

  /** The text {@code chars[offset, offset + length)} as a String, the one handed out before where it is cached. */
  String of(char[] chars, int offset, int length) {
    if (length > MAX_LENGTH) {
      return new String(chars, offset, length);
    }
    int hash = 0;
    for (int i = offset, end = offset + length; i < end; i++) {
      hash = 31 * hash + chars[i];
    }
    int slot = (hash ^ (hash >>> 12)) & (SLOTS - 1);
    String cached = slots[slot];
    if (cached != null && cached.hashCode() == hash && sameText(cached, chars, offset, length)) {
      return cached;
    }
    String text = new String(chars, offset, length);
    slots[slot] = text;
    return text;
  }

  private static boolean sameText(String s, char[] chars, int offset, int length) {
    if (s.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (s.charAt(i) != chars[offset + i]) {
        return false;
      }
    }
    return true;
  }
}
