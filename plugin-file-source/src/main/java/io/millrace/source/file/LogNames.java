package io.millrace.source.file;

/**
 * The names of the source log's files: entry {@code n} is {@code <n>}; a compact file holding
 * what entries {@code a..b} took is {@code <a>-<b>.compact}; the first format's compact file
 * {@code <b>.compact} held every entry from 0 to {@code b}.
 */
final class LogNames {
  static final String COMPACT_SUFFIX = ".compact";

  /** The entries a compact file covers. */
  record Range(long from, long to) {
    boolean contains(Range other) {
      return from <= other.from && other.to <= to;
    }

    String fileName() {
      return from + "-" + to + COMPACT_SUFFIX;
    }
  }

  private LogNames() {}

  static String entry(long id) {
    return Long.toString(id);
  }

  /** The entry number {@code name} carries, or -1 when it is not an entry's name. */
  static long entryId(String name) {
    return number(name);
  }

  /** The range a compact file's name carries, or null when it is not a compact file's name. */
  static Range compact(String name) {
    if (!name.endsWith(COMPACT_SUFFIX)) {
      return null;
    }
    String stem = name.substring(0, name.length() - COMPACT_SUFFIX.length());
    int dash = stem.indexOf('-');
    if (dash < 0) {
      long to = number(stem);
      return to < 0 ? null : new Range(0, to);
    }
    long from = number(stem.substring(0, dash));
    long to = number(stem.substring(dash + 1));
    return from < 0 || to < from ? null : new Range(from, to);
  }

  private static long number(String digits) {
    if (digits.isEmpty() || digits.length() > 18) {
      return -1;
    }
    for (int i = 0; i < digits.length(); i++) {
      if (!Character.isDigit(digits.charAt(i))) {
        return -1;
      }
    }
    return Long.parseLong(digits);
  }
}
