package io.millrace.source.file;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Hands out one String for text a column repeats: keys, user ids, categories. A batch's rows wait
 * in memory until the state side takes them, so every row's copy of the same short key is
 * allocated, then copied by each young collection that finds it waiting; one shared instance
 * costs neither. Short text only, in a small two-way table: a bucket holds the last two texts
 * that hashed to it, so text that never repeats costs one hash and two int comparisons more than
 * a new String, and the table's memory stays fixed.
 *
 * <p>Each text's hash is kept beside it, so a slot holding other text is passed over without
 * reading its String (a miss in the CPU cache for each of a column's many values), and the hash
 * is spread over the buckets by a multiplication: the String hash of keys like {@code k05888}
 * differs in its low digits only, and with one slot per hash, a quarter of 10,000 such keys
 * shared theirs and pushed each other out.
 */
final class RepeatedStrings {
  /** Longer text is rarely a repeated key, and comparing it would cost more than it saves. */
  static final int MAX_LENGTH = 32;
  private static final int BUCKET_BITS = 15;
  /** Fibonacci hashing's multiplier: the high bits of the product depend on every bit of the hash. */
  private static final int SPREAD = 0x9E3779B1;

  /** Bucket {@code b} is slots {@code 2b} (the text found or added last) and {@code 2b + 1}. */
  private final String[] texts = new String[2 << BUCKET_BITS];
  private final int[] hashes = new int[2 << BUCKET_BITS];

  /** The text {@code chars[offset, offset + length)} as a String, the one handed out before where it is cached. */
  String of(char[] chars, int offset, int length) {
    if (length > MAX_LENGTH) {
      return new String(chars, offset, length);
    }
    int hash = 0;
    for (int i = offset, end = offset + length; i < end; i++) {
      hash = 31 * hash + chars[i];
    }
    int recent = ((hash * SPREAD) >>> (Integer.SIZE - BUCKET_BITS)) << 1;
    String text = texts[recent];
    if (text != null && hashes[recent] == hash && sameText(text, chars, offset, length)) {
      return text;
    }
    String older = texts[recent + 1];
    if (older != null && hashes[recent + 1] == hash && sameText(older, chars, offset, length)) {
      text = older;
    } else {
      text = new String(chars, offset, length);
    }
    // The bucket's last text makes room for this one, which goes first: the older one leaves.
    texts[recent + 1] = texts[recent];
    hashes[recent + 1] = hashes[recent];
    texts[recent] = text;
    hashes[recent] = hash;
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

  /**
   * The tables of one source, which its readers pass on to each other: a key read in one file is
   * found in the next. A table per file began empty, so a file of 50,000 rows over 10,000 keys
   * missed a fifth of its rows' keys. A table is lent to one reader at a time; there are never
   * more tables than readers running at once.
   */
  static final class Pool {
    private final Queue<RepeatedStrings> idle = new ConcurrentLinkedQueue<>();

    RepeatedStrings take() {
      RepeatedStrings table = idle.poll();
      return table != null ? table : new RepeatedStrings();
    }

    void giveBack(RepeatedStrings table) {
      idle.offer(table);
    }
  }
}
