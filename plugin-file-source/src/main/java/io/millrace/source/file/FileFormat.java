package io.millrace.source.file;

/** The file formats the source reads. */
public enum FileFormat {
  /** One JSON object per line. */
  JSON,
  /** Comma (or {@code delimiter}) separated values, one record per line. */
  CSV,
  /** Each line is one row of a single STRING column {@code value}. */
  TEXT,
  /** Parquet files, read through the Apache Parquet library; the schema from a file's footer if none is given. */
  PARQUET
}
