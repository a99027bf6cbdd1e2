/**
 * The HDFS-backed state store provider (name hdfs), the engine's default state backend, and,
 * in {@link io.millrace.state.hdfs.storage}, the Hadoop FileSystem Storage for hdfs:, s3a:,
 * abfs:, gs: and friends. Built by issue 4.
 */
package io.millrace.state.hdfs;
