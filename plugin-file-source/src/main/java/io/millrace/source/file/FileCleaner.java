package io.millrace.source.file;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Archives or deletes the input files of committed batches ({@code cleanSource}). Storage has
 * no rename, so archiving copies the file into {@code sourceArchiveDir} under its own name
 * (create-if-absent) and then deletes it. Running again after a crash is safe: a file that is
 * gone was cleaned already, and an archived copy of the same size counts as done. A file that
 * cannot be cleaned is logged and counted ({@code numCleanFailures}); it never fails the
 * batch, whose output is already committed.
 */
final class FileCleaner {
  private static final System.Logger LOG = System.getLogger(FileCleaner.class.getName());

  private final CleanSourceMode mode;
  private final Storage input;
  private final Storage archive;
  private final URI archiveDir;
  final AtomicLong cleaned = new AtomicLong();
  final AtomicLong failures = new AtomicLong();

  FileCleaner(CleanSourceMode mode, Storage input, Storage archive, URI archiveDir) {
    this.mode = mode;
    this.input = input;
    this.archive = archive;
    this.archiveDir = archiveDir;
  }

  void clean(FileEntry file) {
    try {
      Optional<FileInfo> status = input.status(file.path());
      if (status.isEmpty()) {
        return; // cleaned by an earlier attempt
      }
      if (mode == CleanSourceMode.ARCHIVE && !archive(file, status.get())) {
        return;
      }
      input.delete(file.path());
      cleaned.incrementAndGet();
    } catch (IOException | RuntimeException e) {
      failures.incrementAndGet();
      LOG.log(System.Logger.Level.WARNING, "could not " + mode.name().toLowerCase(java.util.Locale.ROOT) + " input file " + file.path()
          + " of a committed batch; it stays in place: " + e, e);
    }
  }

  /** Copies the file into the archive directory; false if a different file already has its name there. */
  private boolean archive(FileEntry file, FileInfo source) throws IOException {
    String rawPath = file.path().getRawPath();
    URI target = URI.create(archiveDir.toString() + rawPath.substring(rawPath.lastIndexOf('/') + 1));
    try (InputStream in = input.open(file.path()); AtomicOutputStream out = archive.create(target)) {
      in.transferTo(out);
      out.commit();
      return true;
    } catch (FileAlreadyExistsException e) {
      Optional<FileInfo> there = archive.status(target);
      if (there.isPresent() && there.get().size() == source.size()) {
        return true; // copied by an earlier attempt that stopped before the delete
      }
      failures.incrementAndGet();
      LOG.log(System.Logger.Level.WARNING, "not archiving input file " + file.path() + ": " + target
          + " exists already with other content; the input file stays in place");
      return false;
    }
  }
}
