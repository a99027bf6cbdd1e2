package io.millrace.source.file;

import io.millrace.source.file.LogNames.Range;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The source's own log, under its metadata directory ({@code <checkpoint>/sources/<i>/}): which
 * files each entry took, for replay, and which files were ever taken, so that none is taken twice.
 *
 * <p><b>Entries.</b> Entry {@code n} is the file {@code <n>}, written create-if-absent before the
 * batch that reads it (a file that exists already means a second writer, and fails). Reading
 * {@code (start, end]} reads entries {@code start+1..end}, so any instance replays exactly. An
 * entry is deleted once it is folded into a compact file and is not among the newest
 * {@code minBatchesToRetain} committed entries ({@link #forgetEntriesThrough}): the log keeps
 * every entry a replay may need, and then some.
 *
 * <p><b>Compact files</b> remember the files taken, for {@link SeenFiles}. Every
 * {@code compactInterval} entries the entries not yet folded are written into one compact file
 * {@code <a>-<b>.compact}: its cost is that of the entries it folds. Then, like a binary
 * counter, the newest two compact files are merged while the older is no larger than the newer,
 * so there are about log2 of them and a file's line is rewritten about as often; merging drops
 * the files {@link SeenFiles#forgetBefore()} lets go (too old to be taken again), and a compact
 * file, other than the newest, whose files are all that old is deleted whole. Each compact file
 * records that point as {@code forgottenBefore}, so a later run, even with a larger
 * {@code maxFileAge}, never takes a file the log no longer remembers. A restart reads the compact
 * files and the entries after the newest one.
 *
 * <p><b>Crashes.</b> Every file is written whole or not at all, and nothing is deleted before what
 * replaces it is durable: a merge writes its result before deleting the two it merged, so a
 * crash in between leaves compact files whose ranges lie inside another's, which {@link #open}
 * deletes. Entries are deleted oldest first, and only those a compact file covers. The first
 * format ({@code <b>.compact} holding entries 0..b, never deleted) is read as a compact file of
 * range {@code 0..b}; the older ones of its kind lie inside the newest and are deleted.
 */
final class SourceFileLog {
  private final Storage storage;
  private final URI dir;
  private final int compactInterval;
  private final int minBatchesToRetain;

  /** The compact files by range, oldest first; known after {@link #open}. */
  private final List<Compact> compacts = new ArrayList<>();
  private long latestId = -1;
  private long oldestEntry;

  /** A compact file as read or written: its name, its range, and what decides merging and deleting it. */
  private record Compact(String name, Range range, int files, long newestModified) {}

  SourceFileLog(Storage storage, URI dir, int compactInterval, int minBatchesToRetain) {
    this.storage = storage;
    String s = dir.toString();
    this.dir = s.endsWith("/") ? dir : URI.create(s + "/");
    this.compactInterval = compactInterval;
    this.minBatchesToRetain = minBatchesToRetain;
  }

  /** The files entry {@code id} took; any instance may read any retained entry. */
  List<FileEntry> entries(long id) throws IOException {
    URI path = dir.resolve(LogNames.entry(id));
    try {
      return LogFile.decode(path.toString(), storage.readAll(path)).files();
    } catch (NoSuchFileException e) {
      throw new CorruptFileException(path.toString(), "missing: the source log has no entry " + id + "; it keeps "
          + "the newest " + minBatchesToRetain + " committed entries (millrace.minBatchesToRetain) and every entry "
          + "after them, so this offset is from another checkpoint or the log was changed by hand", e);
    }
  }

  /**
   * Reads the log for its writer: adds every file it remembers to {@code seen} and returns the
   * newest entry's number (-1 for an empty log). Deletes what an interrupted write or merge left.
   */
  long open(SeenFiles seen) throws IOException {
    storage.deleteAbandonedWrites(dir);
    List<Long> entryIds = new ArrayList<>();
    List<Compact> found = new ArrayList<>();
    for (FileInfo file : storage.list(dir)) {
      long id = LogNames.entryId(file.name());
      Range range = LogNames.compact(file.name());
      if (id >= 0) {
        entryIds.add(id);
      } else if (range != null) {
        found.add(new Compact(file.name(), range, 0, Long.MIN_VALUE));
      }
    }
    found.sort(Comparator.comparingLong((Compact c) -> c.range().from()).thenComparingLong(c -> -c.range().to()));
    compacts.clear();
    for (Compact c : found) {
      if (!compacts.isEmpty() && compacts.get(compacts.size() - 1).range().contains(c.range())) {
        storage.delete(dir.resolve(c.name())); // an input of a merge that wrote its result, or an older first-format file
        continue;
      }
      compacts.add(read(c, seen));
    }
    latestId = Math.max(folded(), entryIds.stream().mapToLong(Long::longValue).max().orElse(-1));
    for (long id = folded() + 1; id <= latestId; id++) {
      for (FileEntry file : entries(id)) {
        seen.add(file.path().toString(), file.modificationTimeMillis());
      }
    }
    seen.purge();
    oldestEntry = entryIds.stream().mapToLong(Long::longValue).min().orElse(latestId + 1);
    return latestId;
  }

  private Compact read(Compact c, SeenFiles seen) throws IOException {
    URI path = dir.resolve(c.name());
    LogFile.Contents contents = LogFile.decode(path.toString(), storage.readAll(path));
    long newest = Long.MIN_VALUE;
    for (FileEntry file : contents.files()) {
      seen.add(file.path().toString(), file.modificationTimeMillis());
      newest = Math.max(newest, file.modificationTimeMillis());
    }
    seen.forgotten(contents.forgottenBefore());
    return new Compact(c.name(), c.range(), contents.files().size(), newest);
  }

  /** The newest entry a compact file covers, or -1. */
  private long folded() {
    return compacts.isEmpty() ? -1 : compacts.get(compacts.size() - 1).range().to();
  }

  /** Records entry {@code id}, which must be the next one. */
  void add(long id, List<FileEntry> files) throws IOException {
    URI path = dir.resolve(LogNames.entry(id));
    if (!storage.createIfAbsent(path, LogFile.entry(files))) {
      throw exists(path);
    }
    latestId = id;
    oldestEntry = Math.min(oldestEntry, id);
  }

  /**
   * Folds the entries not yet in a compact file into one, once there are {@code compactInterval}
   * of them, then merges and forgets compact files; files modified before {@code forgetBefore}
   * are dropped.
   */
  void compactIfDue(long forgetBefore) throws IOException {
    if (latestId - folded() < compactInterval) {
      return;
    }
    List<FileEntry> files = new ArrayList<>();
    for (long id = folded() + 1; id <= latestId; id++) {
      files.addAll(entries(id));
    }
    compacts.add(write(new Range(folded() + 1, latestId), files, forgetBefore));
    while (compacts.size() >= 2 && older().files() <= newest().files()) {
      Compact older = compacts.remove(compacts.size() - 2);
      Compact newer = compacts.remove(compacts.size() - 1);
      List<FileEntry> merged = new ArrayList<>(readFiles(older));
      merged.addAll(readFiles(newer));
      compacts.add(write(new Range(older.range().from(), newer.range().to()), merged, forgetBefore));
      storage.delete(dir.resolve(older.name()));
      storage.delete(dir.resolve(newer.name()));
    }
    for (int i = compacts.size() - 2; i >= 0; i--) {
      if (compacts.get(i).newestModified() < forgetBefore) {
        storage.delete(dir.resolve(compacts.remove(i).name()));
      }
    }
  }

  private Compact older() {
    return compacts.get(compacts.size() - 2);
  }

  private Compact newest() {
    return compacts.get(compacts.size() - 1);
  }

  private List<FileEntry> readFiles(Compact c) throws IOException {
    URI path = dir.resolve(c.name());
    return LogFile.decode(path.toString(), storage.readAll(path)).files();
  }

  private Compact write(Range range, List<FileEntry> files, long forgetBefore) throws IOException {
    List<FileEntry> kept = new ArrayList<>(files.size());
    long newest = Long.MIN_VALUE;
    for (FileEntry file : files) {
      if (file.modificationTimeMillis() >= forgetBefore) {
        kept.add(file);
        newest = Math.max(newest, file.modificationTimeMillis());
      }
    }
    URI path = dir.resolve(range.fileName());
    if (!storage.createIfAbsent(path, LogFile.compact(forgetBefore, kept))) {
      throw exists(path);
    }
    return new Compact(range.fileName(), range, kept.size(), newest);
  }

  /** The oldest entry the log keeps; known after {@link #open}. */
  long oldestEntry() {
    return oldestEntry;
  }

  /**
   * Deletes the entries no replay can need: those a compact file covers that are older than the
   * newest {@code minBatchesToRetain} committed entries, {@code committed} being the newest.
   */
  void forgetEntriesThrough(long committed) throws IOException {
    long through = Math.min(committed - minBatchesToRetain, folded());
    for (; oldestEntry <= through; oldestEntry++) {
      storage.delete(dir.resolve(LogNames.entry(oldestEntry)));
    }
  }

  private MillraceException exists(URI path) {
    return new MillraceException("source log file " + path + " exists already: another query is using this "
        + "checkpoint, or the log was changed by hand");
  }
}
