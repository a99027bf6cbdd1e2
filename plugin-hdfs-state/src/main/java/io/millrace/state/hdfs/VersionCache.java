package io.millrace.state.hdfs;

import java.util.Map;
import java.util.TreeMap;

/**
 * The loaded versions a provider keeps, at most {@code capacity}, newest first: when full, the
 * oldest goes (as in Spark, an old version read for a replay does not push out the newest).
 * Thread-safe.
 *
 * <p>{@link #bytes()} counts nodes shared between versions once: a version edited from another
 * cached version adds only what it did not share ({@link StateMap#addedBytes()}); any other
 * version counts whole. That is exact for versions made by consecutive commits, the usual
 * contents, and an upper bound otherwise.
 */
final class VersionCache {
  private final int capacity;
  private final TreeMap<Long, StateMap> versions = new TreeMap<>();

  VersionCache(int capacity) {
    this.capacity = capacity;
  }

  synchronized StateMap get(long version) {
    return versions.get(version);
  }

  /** Caches a version just committed, replacing an older copy of it. */
  synchronized void put(long version, StateMap map) {
    if (capacity == 0) {
      return;
    }
    versions.put(version, map);
    while (versions.size() > capacity) {
      versions.pollFirstEntry();
    }
  }

  /** Caches a version just loaded, unless another thread cached it first; returns the one to use. */
  synchronized StateMap putIfAbsent(long version, StateMap map) {
    StateMap existing = versions.get(version);
    if (existing != null) {
      return existing;
    }
    put(version, map);
    return map;
  }

  /** Whether {@code map} itself (not merely its version) is cached. */
  synchronized boolean holds(StateMap map) {
    for (StateMap m : versions.values()) {
      if (m == map) {
        return true;
      }
    }
    return false;
  }

  synchronized long bytes() {
    long total = 0;
    for (Map.Entry<Long, StateMap> e : versions.entrySet()) {
      StateMap map = e.getValue();
      StateMap parent = versions.get(e.getKey() - 1);
      total += parent != null && parent.id() == map.parentId() ? map.addedBytes() : map.bytes();
    }
    return total;
  }

  /** The newest cached version below {@code version}, or null. */
  synchronized Map.Entry<Long, StateMap> newestBelow(long version) {
    return versions.lowerEntry(version);
  }

  /** Forgets versions below {@code version}, after maintenance deleted their files. */
  synchronized void dropBelow(long version) {
    versions.headMap(version).clear();
  }

  synchronized int size() {
    return versions.size();
  }

  synchronized void clear() {
    versions.clear();
  }
}
