/**
 * The file sinks {@code json}, {@code csv}, {@code text} and {@code parquet}: Spark's exactly-once
 * file sink with a bounded manifest log, and data files published only after their batch's
 * manifest, so that a plain directory reader sees committed rows only (see {@link
 * io.millrace.sink.file.FileSinkProvider} and the module's README).
 */
package io.millrace.sink.file;
