package io.millrace.state.rocksdb;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The changelog of the version a store is writing, written to a local file as the writes are
 * made, so that none of them waits on the heap, and copied to storage by the commit, as Spark's
 * RocksDB store does. Local, because storage may be an object store that should not hold an
 * upload open for a whole batch, and because a checkpoint's temporary files are fair game for
 * the clean-up of another provider of the same store starting meanwhile. The file is created on
 * the first write (or at commit, empty) in the provider's own working directory.
 */
final class PendingChangelog {
  private static final System.Logger LOG = System.getLogger(PendingChangelog.class.getName());

  private final Storage storage;
  private final URI target;
  private final long version;
  private final Path local;
  private OutputStream localOut;
  private ChangelogFormat.Writer writer;
  private AtomicOutputStream out;
  private boolean published;

  PendingChangelog(Storage storage, URI target, long version, Path local) {
    this.storage = storage;
    this.target = target;
    this.version = version;
    this.local = local;
  }

  /** A put of {@code value}, or a delete when it is null. */
  void record(byte[] key, byte[] value) throws IOException {
    open().record(key, value);
  }

  /** The bytes of the records so far. */
  long recordBytes() {
    return writer == null ? 0 : writer.recordBytes();
  }

  boolean hasRecords() {
    return recordBytes() > 0;
  }

  /** Ends the file with its trailer and copies it to a not yet visible file at the target. */
  ChangelogFormat.Written finish(long numKeysAfter) throws IOException {
    ChangelogFormat.Written written = open().finish(numKeysAfter);
    localOut.close();
    out = storage.create(target);
    Files.copy(local, out);
    out.flush();
    return written;
  }

  /**
   * Makes the finished file visible at its target, the commit point.
   *
   * @return false if an earlier attempt of this version published it first (it stays)
   */
  boolean publish() throws IOException {
    try {
      out.commit();
      published = true;
      return true;
    } catch (FileAlreadyExistsException e) {
      // Only commit's "target exists" means an earlier attempt of this version published first.
      return false;
    } finally {
      deleteLocal();
    }
  }

  /** Abandons the file unless it was published; safe to call more than once. */
  void abort() {
    if (out != null && !published) {
      out.abort();
    }
    deleteLocal();
  }

  private ChangelogFormat.Writer open() throws IOException {
    if (writer == null) {
      Files.createDirectories(local.getParent());
      localOut = Files.newOutputStream(local);
      writer = new ChangelogFormat.Writer(localOut, version);
    }
    return writer;
  }

  /**
   * A local file left behind is only disk: the provider deletes its working directory when it
   * closes. So a failure here is logged, never thrown over the outcome of a publish.
   */
  private void deleteLocal() {
    try {
      if (localOut != null) {
        localOut.close();
      }
      Files.deleteIfExists(local);
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "could not delete the local changelog {0}: {1}", local, e.toString());
    }
  }
}
