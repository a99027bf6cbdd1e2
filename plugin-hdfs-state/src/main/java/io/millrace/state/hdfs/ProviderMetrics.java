package io.millrace.state.hdfs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counters of one provider since {@code init}, reported under {@code customMetrics} of every
 * store it hands out (names follow Spark's provider where Spark has one).
 */
final class ProviderMetrics {
  final AtomicLong cacheHits = new AtomicLong();
  final AtomicLong cacheMisses = new AtomicLong();
  final AtomicLong snapshotBytesWritten = new AtomicLong();
  final AtomicLong deltaBytesWritten = new AtomicLong();
  final AtomicLong loadTimeMs = new AtomicLong();
  final AtomicLong filesRead = new AtomicLong();
  final AtomicLong commitsKeptExisting = new AtomicLong();

  Map<String, Long> snapshot(VersionCache cache) {
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("loadedMapCacheHitCount", cacheHits.get());
    out.put("loadedMapCacheMissCount", cacheMisses.get());
    out.put("snapshotBytesWritten", snapshotBytesWritten.get());
    out.put("deltaBytesWritten", deltaBytesWritten.get());
    out.put("loadTimeMs", loadTimeMs.get());
    out.put("stateFilesRead", filesRead.get());
    out.put("cachedVersions", (long) cache.size());
    out.put("cachedVersionsBytes", cache.bytes());
    out.put("replayedCommitsWithDifferentContent", commitsKeptExisting.get());
    return out;
  }
}
