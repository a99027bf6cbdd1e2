package io.millrace.source.file;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;

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
 *
 * <p>The source log drops the files this index lets go ({@link SourceFileLog}) and records the
 * point it dropped them before; {@link #forgotten} brings that point back on a restart, so that
 * a file the log no longer remembers stays too old even if {@code maxFileAge} grew or the age
 * rule was turned off since.
 */
final class SeenFiles {
  private final long maxFileAgeMillis;
  private final boolean ageRuleOn;
  private final Map<String, Long> modificationTimes = new HashMap<>();
  /** The same files, oldest first, so a purge reads only what it forgets. */
  private final PriorityQueue<Aged> byAge = new PriorityQueue<>(Comparator.comparingLong(Aged::modified));
  private long newest = Long.MIN_VALUE;
  private long forgotten = Long.MIN_VALUE;

  private record Aged(long modified, String path) {}

  SeenFiles(long maxFileAgeMillis, boolean ageRuleOn) {
    this.maxFileAgeMillis = maxFileAgeMillis;
    this.ageRuleOn = ageRuleOn;
  }

  /** Files modified before this are ignored; Long.MIN_VALUE while nothing is seen or the rule is off. */
  long threshold() {
    return ageRuleOn && newest != Long.MIN_VALUE ? newest - maxFileAgeMillis : Long.MIN_VALUE;
  }

  /** Files modified before this are never taken, and the log may drop them: the threshold, or what the log forgot already. */
  long forgetBefore() {
    return Math.max(threshold(), forgotten);
  }

  /** The log dropped the files modified before {@code before}; they stay too old. */
  void forgotten(long before) {
    forgotten = Math.max(forgotten, before);
  }

  boolean tooOld(long modificationTimeMillis) {
    return modificationTimeMillis < forgetBefore();
  }

  boolean contains(String path) {
    return modificationTimes.containsKey(path);
  }

  void add(String path, long modificationTimeMillis) {
    Long before = modificationTimes.put(path, modificationTimeMillis);
    if (before == null || before != modificationTimeMillis) {
      byAge.add(new Aged(modificationTimeMillis, path));
    }
    newest = Math.max(newest, modificationTimeMillis);
  }

  /** Forgets the entries that are too old. */
  void purge() {
    long threshold = forgetBefore();
    if (threshold == Long.MIN_VALUE) {
      return;
    }
    while (!byAge.isEmpty() && byAge.peek().modified() < threshold) {
      Aged oldest = byAge.poll();
      // A file recorded twice with different times (only when reading the log) stays under its later time.
      modificationTimes.remove(oldest.path(), oldest.modified());
    }
  }

  int size() {
    return modificationTimes.size();
  }
}
