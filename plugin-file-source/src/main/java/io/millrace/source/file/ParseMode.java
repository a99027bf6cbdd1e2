package io.millrace.source.file;

/** What the source does with a line that does not parse into the schema. */
public enum ParseMode {
  /** Fail the batch, naming the file and line number (default). */
  FAILFAST,
  /** Drop the line and count it in the metric {@code numMalformedRows}. */
  DROPMALFORMED,
  /**
   * Keep a row of nulls whose {@value FileSourceOptions#CORRUPT_RECORD_COLUMN} column holds the
   * raw line; also counted in {@code numMalformedRows}.
   */
  PERMISSIVE
}
