/**
 * Hadoop FileSystem Storage for hdfs:, s3a:, abfs:, gs: and friends, and the HDFS-backed state store provider (name hdfs), the engine's default state backend. Built by issue 4.
 *
 * <p>This module holds only its build file until its issue lands; it deliberately has no
 * placeholder classes.
 */
package io.millrace.state.hdfs;
