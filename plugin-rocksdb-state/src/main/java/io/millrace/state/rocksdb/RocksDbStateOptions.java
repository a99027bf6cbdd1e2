package io.millrace.state.rocksdb;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The provider's settings, read and checked once at {@code init}. Keys are
 * {@code millrace.state.rocksdb.<name>} (an unknown one is refused with the list of known
 * ones), except retention, which is the engine-wide {@code millrace.minBatchesToRetain}.
 *
 * @param localDir where the local RocksDB working directories go
 * @param minDeltasForSnapshot maintenance uploads a snapshot once the local version is this many
 *     changelogs past the last snapshot (0: maintenance never snapshots)
 * @param commitSnapshotInterval also upload a snapshot inside {@code commit()} for every version
 *     divisible by this (0, the default: only maintenance does, off the batch path)
 * @param maxMemoryMB the block cache and write-buffer budget shared by every RocksDB store of the
 *     process; the first provider of the process sets it
 * @param reuseLocalState whether the local DB is reused across {@code getStore} calls (false:
 *     every call rebuilds it from the checkpoint, for tests of the restore path)
 * @param minBatchesToRetain how many of the newest versions maintenance keeps loadable
 */
public record RocksDbStateOptions(
    Path localDir,
    int minDeltasForSnapshot,
    long commitSnapshotInterval,
    long maxMemoryMB,
    boolean reuseLocalState,
    int minBatchesToRetain) {

  public static final String PREFIX = "millrace.state.rocksdb.";
  public static final String LOCAL_DIR = PREFIX + "localDir";
  public static final String MIN_DELTAS_FOR_SNAPSHOT = PREFIX + "minDeltasForSnapshot";
  public static final String COMMIT_SNAPSHOT_INTERVAL = PREFIX + "commitSnapshotInterval";
  public static final String MAX_MEMORY_MB = PREFIX + "maxMemoryMB";
  public static final String REUSE_LOCAL_STATE = PREFIX + "reuseLocalState";
  /** Engine-wide: how many recent batches must stay recoverable. */
  public static final String MIN_BATCHES_TO_RETAIN = "millrace.minBatchesToRetain";

  private static final List<String> KNOWN =
      List.of(LOCAL_DIR, MIN_DELTAS_FOR_SNAPSHOT, COMMIT_SNAPSHOT_INTERVAL, MAX_MEMORY_MB, REUSE_LOCAL_STATE);

  /** Reads and validates every setting. */
  public static RocksDbStateOptions from(Options options) {
    refuseUnknown(options);
    String tmp = System.getProperty("java.io.tmpdir");
    return new RocksDbStateOptions(
        Path.of(options.getString(LOCAL_DIR, Path.of(tmp, "millrace-rocksdb").toString())),
        options.getInt(MIN_DELTAS_FOR_SNAPSHOT, 10, 0),
        options.getLong(COMMIT_SNAPSHOT_INTERVAL, 0, 0),
        options.getLong(MAX_MEMORY_MB, 256, 16),
        options.getBoolean(REUSE_LOCAL_STATE, true),
        options.getInt(MIN_BATCHES_TO_RETAIN, 100, 1));
  }

  /** The session passes every {@code millrace.state.*} key; only ours are checked. */
  private static void refuseUnknown(Options options) {
    Map<String, String> known = new TreeMap<>();
    KNOWN.forEach(k -> known.put(k.toLowerCase(Locale.ROOT), k));
    for (String key : options.asMap().keySet()) {
      String lower = key.toLowerCase(Locale.ROOT);
      if (lower.startsWith(PREFIX) && !known.containsKey(lower)) {
        throw new InvalidOptionException(key, "unknown option '" + key + "' of " + options.owner()
            + "; known options: " + String.join(", ", KNOWN) + ", " + MIN_BATCHES_TO_RETAIN);
      }
    }
  }
}
