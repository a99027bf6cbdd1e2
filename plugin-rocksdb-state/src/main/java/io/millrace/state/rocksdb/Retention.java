package io.millrace.state.rocksdb;

import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;

/**
 * Deletes what no retained version needs. With the newest {@code minBatchesToRetain} versions
 * retained, the oldest of them is loaded from the newest snapshot at or below it; snapshots
 * older than that base, changelogs up to it, and SST files no remaining manifest lists are
 * deleted. Without such a snapshot nothing is deleted, since the chain starts at version 0.
 * Runs under the provider's maintenance lock, which snapshot uploads also hold, so an SST
 * uploaded for a manifest not yet published is never taken for an orphan.
 */
final class Retention {
  private static final System.Logger LOG = System.getLogger(Retention.class.getName());

  private final Storage storage;
  private final CheckpointLayout layout;
  private final int minBatchesToRetain;
  private final ProviderMetrics metrics;

  Retention(Storage storage, CheckpointLayout layout, int minBatchesToRetain, ProviderMetrics metrics) {
    this.storage = storage;
    this.layout = layout;
    this.minBatchesToRetain = minBatchesToRetain;
    this.metrics = metrics;
  }

  void run() throws IOException {
    StoreListing listing = StoreListing.of(storage, layout);
    long oldestRetained = listing.latest() - minBatchesToRetain + 1;
    Long base = listing.snapshots().floor(oldestRetained);
    if (oldestRetained <= 1 || base == null) {
      return;
    }
    int deleted = 0;
    for (long s : listing.snapshots().headSet(base, false)) {
      deleted += storage.delete(layout.snapshot(s)) ? 1 : 0;
    }
    for (long c : listing.changelogs().headSet(base, true)) {
      deleted += storage.delete(layout.changelog(c)) ? 1 : 0;
    }
    Set<String> referenced = new HashSet<>();
    for (long s : listing.snapshots().tailSet(base, true)) {
      String path = layout.snapshot(s).toString();
      SnapshotManifest manifest = SnapshotManifest.decode(storage.readAll(layout.snapshot(s)), path, s);
      manifest.ssts().forEach(sst -> referenced.add(sst.sharedName()));
    }
    for (FileInfo f : storage.list(layout.sstDir())) {
      if (!f.directory() && !referenced.contains(f.name())) {
        deleted += storage.delete(f.path()) ? 1 : 0;
      }
    }
    metrics.filesDeleted.addAndGet(deleted);
    if (deleted > 0) {
      LOG.log(System.Logger.Level.DEBUG, "deleted {0} file(s) under {1} that no version from {2} needs",
          deleted, layout.dir(), oldestRetained);
    }
  }
}
