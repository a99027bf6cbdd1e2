package io.millrace.source.file;

/**
 * The file formats the source reads. Parquet is left out of this increment: reading it needs
 * parquet-hadoop (and Hadoop's classes), which would give the source a Hadoop of its own; the
 * Delta sink brings that stack, and a Parquet reader belongs with it later.
 */
public enum FileFormat {
  /** One JSON object per line. */
  JSON,
  /** Comma (or {@code delimiter}) separated values, one record per line. */
  CSV,
  /** Each line is one row of a single STRING column {@code value}. */
  TEXT
}
