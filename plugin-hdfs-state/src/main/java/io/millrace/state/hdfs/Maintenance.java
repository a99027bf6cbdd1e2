package io.millrace.state.hdfs;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * One maintenance pass of one store, off the batch path: a snapshot of the newest version once
 * {@code minDeltasForSnapshot} deltas follow the last snapshot, then deletion of every file
 * older than the newest snapshot that the oldest retained version can start from. Versions from
 * {@code latest - minBatchesToRetain + 1} on stay loadable; nothing a retained version needs is
 * deleted, and a crash anywhere leaves only more files than needed.
 */
final class Maintenance {
  private final Storage storage;
  private final StoreLayout layout;
  private final HdfsStateOptions options;
  private final VersionLoader loader;
  private final VersionWriter writer;
  private final VersionCache cache;
  private final FaultInjector faults;

  Maintenance(Storage storage, StoreLayout layout, HdfsStateOptions options, VersionLoader loader, VersionWriter writer,
      VersionCache cache, FaultInjector faults) {
    this.storage = storage;
    this.layout = layout;
    this.options = options;
    this.loader = loader;
    this.writer = writer;
    this.cache = cache;
    this.faults = faults;
  }

  void run() throws IOException {
    StoreListing listing = StoreListing.of(storage, layout);
    long latest = listing.latest();
    if (latest == 0) {
      return;
    }
    if (options.minDeltasForSnapshot() > 0 && latest - listing.snapshotAtOrBelow(latest) >= options.minDeltasForSnapshot()) {
      writer.writeSnapshot(latest, loader.load(latest), FaultPoint.DURING_MAINTENANCE);
      listing = StoreListing.of(storage, layout);
    }
    long oldestRetained = latest - options.minBatchesToRetain() + 1;
    long keepFrom = oldestRetained > 1 ? listing.snapshotAtOrBelow(oldestRetained) : 0;
    if (keepFrom == 0) {
      return;
    }
    faults.reached(FaultPoint.DURING_MAINTENANCE, keepFrom);
    cache.dropBelow(keepFrom);
    for (Map.Entry<Long, Set<StateFileKind>> e : listing.below(keepFrom)) {
      for (StateFileKind kind : e.getValue()) {
        storage.delete(layout.file(e.getKey(), kind));
      }
    }
  }
}
