/**
 * A RocksDB state store provider (name rocksdb) with changelog checkpoints, background snapshots and a process-wide memory budget. Built by issue 6.
 *
 * <p>This module holds only its build file until its issue lands; it deliberately has no
 * placeholder classes.
 */
package io.millrace.state.rocksdb;
