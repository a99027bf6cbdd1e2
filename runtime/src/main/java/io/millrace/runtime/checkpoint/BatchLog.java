package io.millrace.runtime.checkpoint;

import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One checksummed file per batch id in a directory ({@code offsets/} or {@code commits/}),
 * written create-if-absent so an entry, once written, is never replaced.
 */
final class BatchLog {
  private static final Logger LOG = LoggerFactory.getLogger(BatchLog.class);

  private final Storage storage;
  private final URI dir;
  /** Every id below this is known to be deleted, so purging need not list the directory again. */
  private long purgedBelow = -1;

  BatchLog(Storage storage, URI dir) {
    this.storage = storage;
    this.dir = dir;
  }

  URI dir() {
    return dir;
  }

  URI pathOf(long batchId) {
    return dir.resolve(Long.toString(batchId));
  }

  /**
   * Writes entry {@code batchId} durably.
   *
   * @return false if the entry already exists; it is left as it was
   */
  boolean add(long batchId, String payload) throws IOException {
    return storage.createIfAbsent(pathOf(batchId), ChecksummedText.seal(payload));
  }

  /** The verified payload of entry {@code batchId}, if it exists. */
  Optional<String> get(long batchId) throws IOException {
    URI path = pathOf(batchId);
    byte[] bytes;
    try {
      bytes = storage.readAll(path);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    return Optional.of(ChecksummedText.open(path.toString(), bytes));
  }

  /** The ids present, ascending. Files whose name is not a batch id are logged and ignored. */
  TreeSet<Long> ids() throws IOException {
    TreeSet<Long> ids = new TreeSet<>();
    for (FileInfo f : storage.list(dir)) {
      if (f.directory()) {
        continue;
      }
      try {
        ids.add(Long.parseLong(f.name()));
      } catch (NumberFormatException e) {
        LOG.warn("Ignoring {}: not a batch id", f.path());
      }
    }
    return ids;
  }

  OptionalLong latestId() throws IOException {
    TreeSet<Long> ids = ids();
    return ids.isEmpty() ? OptionalLong.empty() : OptionalLong.of(ids.last());
  }

  /**
   * Deletes every entry with an id below {@code threshold}. The first call lists the
   * directory; later calls delete the ids between the previous threshold and this one
   * directly, so a batch pays for one delete per log, not for a listing.
   */
  int purgeBefore(long threshold) throws IOException {
    if (threshold <= purgedBelow) {
      return 0;
    }
    int deleted = 0;
    if (purgedBelow < 0) {
      for (long id : ids().headSet(threshold)) {
        deleted += storage.delete(pathOf(id)) ? 1 : 0;
      }
    } else {
      for (long id = purgedBelow; id < threshold; id++) {
        deleted += storage.delete(pathOf(id)) ? 1 : 0;
      }
    }
    purgedBelow = threshold;
    return deleted;
  }

  static UncheckedIOException unchecked(String what, IOException e) {
    return new UncheckedIOException(what + ": " + e.getMessage(), e);
  }
}
