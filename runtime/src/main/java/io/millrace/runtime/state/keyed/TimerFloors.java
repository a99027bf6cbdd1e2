package io.millrace.runtime.state.keyed;

import java.util.Arrays;

/**
 * Per partition, the times below which the state version a batch committed holds no timer, one
 * per {@link TimeMode}, so the next batch's scan for expired timers starts there rather than at
 * the index's first key. A timer fired or moved leaves a deleted key behind in the by-time index
 * until the store compacts it away, and a scan from the first key stepped over every one of them
 * each batch: on the sessions benchmark that seek was a twelfth of RocksDB's time.
 *
 * <p>Kept in memory only, and only for the very version it was committed with, and only where
 * the batch's own writes are what that version holds. A store given a version that is already
 * published keeps the published one (a replay after a crash between the state's commit and the
 * batch's), which a processor that is not deterministic may have written with other timers; so
 * the first batch of a run, and any version committed a second time, leave no floor. A new run,
 * or a batch that starts from any other version, scans from the first key, as before.
 */
final class TimerFloors {
  /** No floor known: scan from the first key. */
  static final long UNKNOWN = Long.MIN_VALUE;

  private final long[] versions;
  private final long[][] floors;
  /** Per partition, the highest version committed in this process; -1 before the first. */
  private final long[] highest;

  TimerFloors(int partitions) {
    versions = new long[partitions];
    highest = new long[partitions];
    Arrays.fill(versions, -1);
    Arrays.fill(highest, -1);
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

  /**
   * {@code partition} committed {@code version}, whose timers all lie at or above {@code
   * committed}; null when the batch cannot tell what the store kept (the first batch of a run).
   */
  synchronized void committed(int partition, long version, long[] committed) {
    boolean fresh = committed != null && version > highest[partition];
    highest[partition] = Math.max(highest[partition], version);
    versions[partition] = fresh ? version : -1;
    floors[partition] = fresh ? committed.clone() : null;
  }
}
