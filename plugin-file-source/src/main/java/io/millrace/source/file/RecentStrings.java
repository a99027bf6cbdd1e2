package io.millrace.source.file;

/**
 * Hands out one String instance for short texts seen recently, so that a column with few
 * distinct values (keys, codes, names) costs no String per row: no copy and Latin-1
 * compression of the parser's chars, a hash computed once per instance instead of per row,
 * and grouping that compares by reference first. Direct-mapped and bounded: a text whose slot
 * holds another is made anew and takes the slot, so a column of all-distinct values costs one
 * hash and one comparison per row more than no cache.
 *
 * <p>One per reader thread ({@link #ofThisThread()}), kept across files and batches: 32,768
 * slots (128 KB, and at most that many strings of up to 32 chars) hold a column of 10,000
 * distinct keys with about nine hits in ten; 4,096 slots per file held four in ten.
 */
final class RecentStrings {
  /** Longer texts are rarely repeated values; they are made anew each time. */
  static final int MAX_LENGTH = 32;
  private static final int SLOT_BITS = 15;
  private static final int SLOTS = 1 << SLOT_BITS;
  private static final ThreadLocal<RecentStrings> PER_THREAD = ThreadLocal.withInitial(RecentStrings::new);

  /** This thread's cache. */
  static RecentStrings ofThisThread() {
    return PER_THREAD.get();
  }

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
    // Fibonacci hashing: the top bits of hash × 2^32/φ. Texts such as k00001, k00002 have
    // String hashes that differ in the low bits only, which it spreads over the slots.
    int slot = (hash * 0x9E3779B9) >>> (32 - SLOT_BITS);
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
