package io.millrace.source.file;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The files the source has taken, bounded by {@code maxFileAge}.
 *
 * <p>The rule, as in Spark's file source: let {@code newest} be the newest modification time of
 * any file taken so far, and {@code threshold = newest - maxFileAge}. A listed file is new when
 * its modification time is at or after the threshold and it is not in the index. Files older
 * than the threshold are ignored (and counted in {@code numFilesTooOld}), so the index can
 * forget every entry older than the threshold without a file ever being read twice. The age is
 * measured against the newest file, not the wall clock, so a source that was stopped for a
 * month still reads what arrived meanwhile.
 *
 * <p>With {@code latestFirst} and a per-trigger limit, the newest files are taken first and the
 * threshold would jump past older files not yet read; in that combination the age rule is off
 * (the index is then unbounded), as in Spark.
 */
final class SeenFiles {
  private final long maxFileAgeMillis;
  private final boolean ageRuleOn;
  private final Map<String, Long> modificationTimes = new HashMap<>();
  private long newest = Long.MIN_VALUE;

  SeenFiles(long maxFileAgeMillis, boolean ageRuleOn) {
    this.maxFileAgeMillis = maxFileAgeMillis;
    this.ageRuleOn = ageRuleOn;
  }

  /** Files modified before this are ignored; Long.MIN_VALUE while nothing is seen or the rule is off. */
  long threshold() {
    return ageRuleOn && newest != Long.MIN_VALUE ? newest - maxFileAgeMillis : Long.MIN_VALUE;
  }

  boolean tooOld(long modificationTimeMillis) {
    return modificationTimeMillis < threshold();
  }

  boolean contains(String path) {
    return modificationTimes.containsKey(path);
  }

  void add(String path, long modificationTimeMillis) {
    modificationTimes.put(path, modificationTimeMillis);
    newest = Math.max(newest, modificationTimeMillis);
  }

  /** Forgets the entries older than the threshold. */
  void purge() {
    long threshold = threshold();
    if (threshold == Long.MIN_VALUE) {
      return;
    }
    for (Iterator<Long> it = modificationTimes.values().iterator(); it.hasNext(); ) {
      if (it.next() < threshold) {
        it.remove();
      }
    }
  }

  int size() {
    return modificationTimes.size();
  }
}
