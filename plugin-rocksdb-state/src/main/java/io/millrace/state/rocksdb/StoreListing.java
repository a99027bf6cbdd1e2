package io.millrace.state.rocksdb;

import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.util.TreeSet;

/** The versions a store directory holds changelogs and snapshot manifests for. */
record StoreListing(TreeSet<Long> changelogs, TreeSet<Long> snapshots) {

  static StoreListing of(Storage storage, CheckpointLayout layout) throws IOException {
    TreeSet<Long> changelogs = new TreeSet<>();
    TreeSet<Long> snapshots = new TreeSet<>();
    for (FileInfo f : storage.list(layout.dir())) {
      CheckpointLayout.Name name = f.directory() ? null : CheckpointLayout.parse(f.name());
      if (name != null) {
        (name.kind().equals(CheckpointLayout.CHANGELOG) ? changelogs : snapshots).add(name.version());
      }
    }
    return new StoreListing(changelogs, snapshots);
  }

  /** The newest version anything was written for, or 0. */
  long latest() {
    long c = changelogs.isEmpty() ? 0 : changelogs.last();
    long s = snapshots.isEmpty() ? 0 : snapshots.last();
    return Math.max(c, s);
  }

  /** Whether changelogs {@code from+1} to {@code to} are all there. */
  boolean changelogsAfter(long from, long to) {
    if (to <= from) {
      return true;
    }
    return changelogs.subSet(from + 1, true, to, true).size() == to - from;
  }

  /**
   * The version to start loading {@code version} from: the newest snapshot at or below it that
   * the changelogs after it reach, or 0 (the empty store) when the changelogs from 1 do; -1 if
   * nothing reaches it.
   */
  long baseFor(long version) {
    for (Long s : snapshots.headSet(version, true).descendingSet()) {
      if (changelogsAfter(s, version)) {
        return s;
      }
    }
    return changelogsAfter(0, version) ? 0 : -1;
  }
}
