package io.millrace.runtime.state.keyed;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of keyed state for an operator's progress, of one partition or summed over all
 * (see {@link #plus}).
 *
 * @param rowsTotal per variable, the entries of its stores: a value is one per key, a map one
 *     per map entry, a list one per element plus one (its size) per key
 * @param timers the timers registered and not yet fired or deleted
 * @param timerEntries the entries of the timers' store: one per timer and index (two, or one
 *     where the timers are kept by time only)
 * @param timersRegistered register calls in this batch
 * @param timersDeleted delete calls in this batch
 * @param timersFired timers that fired in this batch
 * @param entriesScanned entries read by range scans (list and map reads, timer listings, firing)
 *     and full scans; firing reads only the expired timers where the store has range scans
 * @param fullScans reads that scanned a whole store because it has no range scans
 * @param memoryUsedBytes memory the stores report
 * @param ttlRemoved values (list elements, map entries) removed because their TTL expired
 * @param ttlIndexRead entries of the TTL indexes read to find them: only due ones
 */
public record KeyedStateMetrics(Map<String, Long> rowsTotal, long timers, long timerEntries, long timersRegistered,
    long timersDeleted, long timersFired, long entriesScanned, long fullScans, long memoryUsedBytes, long ttlRemoved,
    long ttlIndexRead) {

  public KeyedStateMetrics {
    rowsTotal = Collections.unmodifiableMap(new LinkedHashMap<>(rowsTotal));
  }

  /** Every entry of every store of the state: what {@code numRowsTotal} counts in the progress. */
  public long totalRows() {
    return rowsTotal.values().stream().mapToLong(Long::longValue).sum() + timerEntries;
  }

  /** Both partitions' figures added. */
  public KeyedStateMetrics plus(KeyedStateMetrics other) {
    Map<String, Long> rows = new LinkedHashMap<>(rowsTotal);
    other.rowsTotal.forEach((k, v) -> rows.merge(k, v, Long::sum));
    return new KeyedStateMetrics(rows, timers + other.timers, timerEntries + other.timerEntries,
        timersRegistered + other.timersRegistered, timersDeleted + other.timersDeleted, timersFired + other.timersFired,
        entriesScanned + other.entriesScanned, fullScans + other.fullScans, memoryUsedBytes + other.memoryUsedBytes,
        ttlRemoved + other.ttlRemoved, ttlIndexRead + other.ttlIndexRead);
  }

  /**
   * The figures as progress custom metrics, with Spark's transformWithState names where it has
   * the figure ({@code numRegisteredTimers}, {@code numDeletedTimers}, {@code numExpiredTimers}).
   */
  public Map<String, Long> customMetrics() {
    Map<String, Long> m = new TreeMap<>();
    rowsTotal.forEach((name, rows) -> m.put("numRowsTotal." + name, rows));
    m.put("numTimers", timers);
    m.put("numRegisteredTimers", timersRegistered);
    m.put("numDeletedTimers", timersDeleted);
    m.put("numExpiredTimers", timersFired);
    m.put("numStateEntriesScanned", entriesScanned);
    m.put("numFullStateScans", fullScans);
    m.put("numValuesRemovedDueToTTLExpiry", ttlRemoved);
    m.put("numTtlIndexEntriesRead", ttlIndexRead);
    return m;
  }
}
