package io.millrace.state.hdfs;

import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The state files of a store at one moment, from one listing: which versions have a delta and
 * which a snapshot. One listing replaces a probe per version when planning a load.
 */
final class StoreListing {
  private final TreeMap<Long, Set<StateFileKind>> files = new TreeMap<>();

  static StoreListing of(Storage storage, StoreLayout layout) throws IOException {
    StoreListing listing = new StoreListing();
    for (FileInfo f : storage.list(layout.dir())) {
      StoreLayout.StateFileName name = f.directory() ? null : StoreLayout.parse(f.name());
      if (name != null) {
        listing.files.computeIfAbsent(name.version(), v -> EnumSet.noneOf(StateFileKind.class)).add(name.kind());
      }
    }
    return listing;
  }

  boolean has(long version, StateFileKind kind) {
    Set<StateFileKind> kinds = files.get(version);
    return kinds != null && kinds.contains(kind);
  }

  /** The newest version with any file, or 0. */
  long latest() {
    return files.isEmpty() ? 0 : files.lastKey();
  }

  /** The newest snapshot at or below {@code version}, or 0 (the empty version 0) if none. */
  long snapshotAtOrBelow(long version) {
    for (Map.Entry<Long, Set<StateFileKind>> e : files.headMap(version, true).descendingMap().entrySet()) {
      if (e.getValue().contains(StateFileKind.SNAPSHOT)) {
        return e.getKey();
      }
    }
    return 0;
  }

  /** Every listed version below {@code version}. */
  Iterable<Map.Entry<Long, Set<StateFileKind>>> below(long version) {
    return files.headMap(version, false).entrySet();
  }
}
