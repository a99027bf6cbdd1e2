/**
 * The HDFS-backed state store provider (name {@code hdfs}), the engine's default state backend.
 *
 * <p>Each version of a store is an immutable copy-on-write B+tree ({@code StateMap}); a batch
 * edits a private copy of the paths it changes, so opening and committing a store cost
 * O(keys changed × log n) instead of Spark's O(state). Versions are persisted as compressed,
 * checksummed {@code <v>.delta} and {@code <v>.snapshot} files through the storage the
 * checkpoint URI selects ({@code file:} built in, {@code hdfs:}, {@code s3a:} … from
 * plugin-hadoop-storage). The store reaches files only through the SPI's {@code Storage}, so it
 * needs no Hadoop classes to run on local disk.
 */
package io.millrace.state.hdfs;
