package io.millrace.state.rocksdb;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Counters of one provider, reported in {@code customMetrics} under {@code rocksdb*} names. */
final class ProviderMetrics {
  final AtomicLong commits = new AtomicLong();
  final AtomicLong commitWriteChangelogMs = new AtomicLong();
  final AtomicLong commitUploadMs = new AtomicLong();
  final AtomicLong changelogBytesUploaded = new AtomicLong();
  final AtomicLong replayedCommitsWithDifferentContent = new AtomicLong();
  final AtomicLong snapshots = new AtomicLong();
  final AtomicLong snapshotsDeferred = new AtomicLong();
  final AtomicLong snapshotFlushMs = new AtomicLong();
  final AtomicLong snapshotCheckpointMs = new AtomicLong();
  final AtomicLong snapshotUploadMs = new AtomicLong();
  final AtomicLong sstFilesUploaded = new AtomicLong();
  final AtomicLong sstFilesReused = new AtomicLong();
  final AtomicLong sstBytesUploaded = new AtomicLong();
  final AtomicLong loadsFromCheckpoint = new AtomicLong();
  final AtomicLong lastLoadTimeMs = new AtomicLong();
  final AtomicLong bytesDownloaded = new AtomicLong();
  final AtomicLong changelogsReplayed = new AtomicLong();
  final AtomicLong filesDeleted = new AtomicLong();
  final AtomicLong deletionFlushes = new AtomicLong();

  Map<String, Long> snapshot() {
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("rocksdbCommits", commits.get());
    out.put("rocksdbCommitWriteChangelogMs", commitWriteChangelogMs.get());
    out.put("rocksdbCommitUploadMs", commitUploadMs.get());
    out.put("rocksdbBytesUploaded", changelogBytesUploaded.get() + sstBytesUploaded.get());
    out.put("rocksdbChangelogBytesUploaded", changelogBytesUploaded.get());
    out.put("rocksdbReplayedCommitsWithDifferentContent", replayedCommitsWithDifferentContent.get());
    out.put("rocksdbSnapshotsUploaded", snapshots.get());
    out.put("rocksdbSnapshotsDeferred", snapshotsDeferred.get());
    out.put("rocksdbSnapshotFlushMs", snapshotFlushMs.get());
    out.put("rocksdbSnapshotCheckpointMs", snapshotCheckpointMs.get());
    out.put("rocksdbSnapshotUploadMs", snapshotUploadMs.get());
    out.put("rocksdbFilesUploaded", sstFilesUploaded.get());
    out.put("rocksdbFilesReused", sstFilesReused.get());
    out.put("rocksdbSstBytesUploaded", sstBytesUploaded.get());
    out.put("rocksdbLoadsFromCheckpoint", loadsFromCheckpoint.get());
    out.put("rocksdbLoadTimeMs", lastLoadTimeMs.get());
    out.put("rocksdbBytesDownloaded", bytesDownloaded.get());
    out.put("rocksdbChangelogsReplayed", changelogsReplayed.get());
    out.put("rocksdbFilesDeleted", filesDeleted.get());
    out.put("rocksdbDeletionFlushes", deletionFlushes.get());
    return out;
  }
}
