package io.millrace.source.file;

/**
 * Parses one line of a file into the values of one row, in schema order. Instances are used
 * by one reader (one thread) and may keep state between lines to avoid per-line allocation.
 */
interface RecordParser {

  /**
   * The values of the row on {@code bytes[offset .. offset + length)}, a fresh array the
   * caller owns.
   *
   * @throws Malformed when the line does not fit the schema
   */
  Object[] parse(byte[] bytes, int offset, int length) throws Malformed;

  /** Its reader is done with it: it hands back what it borrowed from its source. Called once. */
  default void close() {
  }

  /** A line that does not fit the schema. Carries no stack trace: it is data, not a bug. */
  class Malformed extends Exception {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * A line with a value past a parser limit: it may well be valid, so the reader never treats it
   * as plain bad data (see {@link FilePartitionReader}).
   */
  final class OverLimit extends Malformed {
    private static final long serialVersionUID = 1L;
    private final String option;

    OverLimit(String message, String option) {
      super(message);
      this.option = option;
    }

    /** The option that sets the limit, or null when none does. */
    String option() {
      return option;
    }
  }
}
