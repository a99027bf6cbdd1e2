/**
 * The RocksDB state store provider (name {@code rocksdb}), for state that does not fit on the heap.
 *
 * <p>Each provider keeps one local RocksDB in a working directory and makes every committed
 * version durable in the checkpoint through the storage the checkpoint URI selects:
 * {@code <v>.changelog} per commit (the batch's sorted puts and deletes, CRC32C-checked), and,
 * every {@code minDeltasForSnapshot} versions, a {@code <v>.snapshot} manifest over
 * content-named SST files in {@code sst/} that later snapshots share. All RocksDB instances of
 * the process share one block cache and write-buffer budget ({@code maxMemoryMB}).
 */
package io.millrace.state.rocksdb;
