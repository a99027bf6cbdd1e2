package io.millrace.source.file;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * A storage that halts the JVM ({@code Runtime.halt(137)}, no clean-up, like a kill) at the
 * {@code nth} step of one kind on the source log's files, for {@link SourceLogCrashChild}:
 * writing a compact file ({@link Step#COMPACT_WRITTEN}, or {@link Step#COMPACT_HALF_WRITTEN}: its
 * bytes are in a temporary file that is never published), deleting a compact file or an entry.
 */
final class HaltingStorage implements Storage {
  /** The steps the source log takes that a crash may follow. */
  enum Step { COMPACT_HALF_WRITTEN, COMPACT_WRITTEN, COMPACT_DELETED, ENTRY_DELETED }

  private final Storage delegate;
  private final Step haltAfter;
  private final int nth;
  private int seen;

  HaltingStorage(Storage delegate, Step haltAfter, int nth) {
    this.delegate = delegate;
    this.haltAfter = haltAfter;
    this.nth = nth;
  }

  private static boolean compact(URI path) {
    return LogNames.compact(new FileInfo(path, 0, 0, false).name()) != null;
  }

  private static boolean entry(URI path) {
    return LogNames.entryId(new FileInfo(path, 0, 0, false).name()) >= 0;
  }

  /** Halts if this is the {@code nth} step of the chosen kind. */
  private void reached(Step step) {
    if (step == haltAfter && ++seen == nth) {
      Runtime.getRuntime().halt(137);
    }
  }

  @Override
  public boolean createIfAbsent(URI path, byte[] bytes) throws IOException {
    if (compact(path) && haltAfter == Step.COMPACT_HALF_WRITTEN) {
      AtomicOutputStream out = delegate.create(path);
      out.write(bytes);
      reached(Step.COMPACT_HALF_WRITTEN); // the temporary file stays behind, unpublished
      out.abort();
    }
    boolean created = delegate.createIfAbsent(path, bytes);
    if (compact(path)) {
      reached(Step.COMPACT_WRITTEN);
    }
    return created;
  }

  @Override
  public boolean delete(URI path) throws IOException {
    boolean deleted = delegate.delete(path);
    if (compact(path)) {
      reached(Step.COMPACT_DELETED);
    } else if (entry(path)) {
      reached(Step.ENTRY_DELETED);
    }
    return deleted;
  }

  @Override
  public StorageCapabilities capabilities() {
    return delegate.capabilities();
  }

  @Override
  public AtomicOutputStream create(URI path) throws IOException {
    return delegate.create(path);
  }

  @Override
  public InputStream open(URI path) throws IOException {
    return delegate.open(path);
  }

  @Override
  public Optional<FileInfo> status(URI path) throws IOException {
    return delegate.status(path);
  }

  @Override
  public List<FileInfo> list(URI dir) throws IOException {
    return delegate.list(dir);
  }

  @Override
  public void mkdirs(URI dir) throws IOException {
    delegate.mkdirs(dir);
  }

  @Override
  public int deleteAbandonedWrites(URI dir) throws IOException {
    return delegate.deleteAbandonedWrites(dir);
  }
}
