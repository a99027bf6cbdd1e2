package io.millrace.spi.sink;

/** What each batch hands the sink, with Spark's meanings. */
public enum OutputMode {
  /** Only rows that are final and new; never changed later. */
  APPEND,
  /** Rows that changed in this batch. */
  UPDATE,
  /** The whole result, every batch. */
  COMPLETE
}
