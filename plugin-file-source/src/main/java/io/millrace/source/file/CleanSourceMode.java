package io.millrace.source.file;

/** What happens to a source file once the batch that read it is committed. */
public enum CleanSourceMode {
  /** Leave it where it is (default). */
  OFF,
  /** Move it into {@code sourceArchiveDir}. */
  ARCHIVE,
  /** Delete it. */
  DELETE
}
