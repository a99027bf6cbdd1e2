package io.millrace.runtime.state.keyed;

import java.util.Arrays;

/**
 * Per partition, the times below which the state version a batch committed holds no timer, one
 * per {@link TimeMode}, so the next batch's scan for expired timers starts there rather than at
 * the index's first key. A timer fired or moved leaves a deleted key behind in the by-time index
 * until the store compacts it away, and a scan from the first key stepped over every one of them
 * each batch: on the sessions benchmark that seek was a twelfth of RocksDB's time.
 *
 * <p>Kept in memory only, and only for the very version it was committed with: a new run, or a
 * batch that starts from any other version (a retry from an earlier one), scans from the first
 * key, as before.
 */
final class TimerFloors {
  /** No floor known: scan from the first key. */
  static final long UNKNOWN = Long.MIN_VALUE;

  private final long[] versions;
  private final long[][] floors;

  TimerFloors(int partitions) {
    versions = new long[partitions];
    Arrays.fill(versions, -1);
    floors = new long[partitions][];
  }

  /** The floors of {@code partition}'s state at {@code version}, by mode ordinal; {@link #UNKNOWN} where none is known. */
  synchronized long[] at(int partition, long version) {
    if (versions[partition] == version && floors[partition] != null) {
      return floors[partition].clone();
    }
    long[] unknown = new long[TimeMode.values().length];
    Arrays.fill(unknown, UNKNOWN);
    return unknown;
  }

  /** {@code partition} committed {@code version}, whose timers all lie at or above {@code committed}. */
  synchronized void committed(int partition, long version, long[] committed) {
    versions[partition] = version;
    floors[partition] = committed.clone();
  }
}
