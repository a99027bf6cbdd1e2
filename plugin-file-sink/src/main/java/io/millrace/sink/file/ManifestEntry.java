package io.millrace.sink.file;

/**
 * One committed data file in the manifest log: where it is ({@code path}) and where it was
 * staged, relative to the output path; its size and rows; the batch that committed it and when
 * (epoch milliseconds, what {@code retention} is measured from).
 */
record ManifestEntry(String path, String staged, long size, long rows, long batchId, long commitTime) {

  static ManifestEntry of(StagedFile file, long batchId, long commitTime) {
    return new ManifestEntry(file.path(), file.staged(), file.size(), file.rows(), batchId, commitTime);
  }
}
