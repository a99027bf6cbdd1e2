/**
 * Hadoop FileSystem {@link io.millrace.spi.storage.Storage} for {@code hdfs:}, {@code s3a:},
 * {@code abfs:}, {@code gs:} and the other Hadoop schemes, configured from the session's
 * {@code millrace.hadoop.*} options.
 *
 * <p>Two ways to publish a file, chosen by scheme ({@link io.millrace.storage.hadoop.StoreKind}):
 * HDFS-like stores write a hidden temporary file and rename it without overwrite, which the
 * NameNode does atomically; object stores have no atomic rename, so the bytes are buffered
 * locally and the object is written in one piece at commit, with S3's conditional put where
 * S3A offers it.
 */
package io.millrace.storage.hadoop;
