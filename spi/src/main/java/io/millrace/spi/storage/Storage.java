package io.millrace.spi.storage;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.util.List;
import java.util.Optional;

/**
 * A file system used for checkpoints and by plugins that read or write files, so that a
 * plugin needs no file system library of its own. Paths are absolute URIs of this storage's
 * scheme. Implementations must be safe for use by several threads at once.
 *
 * <p>The contract the TCK checks:
 * <ul>
 *   <li><b>Atomic visibility.</b> A file written with {@link #create} is invisible to
 *       {@link #open}, {@link #status} and {@link #list} until {@link AtomicOutputStream#commit()}
 *       returns, and then visible whole. A writer that fails or aborts leaves nothing behind
 *       at the target path.</li>
 *   <li><b>Create-if-absent.</b> {@code commit()} fails with {@link FileAlreadyExistsException}
 *       if the target exists, and never replaces it. Of several writers racing for one path,
 *       exactly one wins where {@link StorageCapabilities#atomicCreateIfAbsent()} is true.</li>
 *   <li><b>Durability.</b> Once {@code commit()} returns the file survives a crash of the
 *       process (and, where the medium allows, of the machine).</li>
 *   <li><b>Listing</b> returns the direct children of a directory with their sizes and
 *       modification times, and never the temporary files of unfinished writes.</li>
 * </ul>
 */
public interface Storage extends Closeable {

  /** What this storage can promise; the runtime warns when a promise it needs is missing. */
  StorageCapabilities capabilities();

  /**
   * Starts writing {@code path}. Nothing is visible at {@code path} until the stream's
   * {@link AtomicOutputStream#commit()}; closing without committing abandons the write.
   * Parent directories are created as needed.
   */
  AtomicOutputStream create(URI path) throws IOException;

  /**
   * Writes {@code bytes} to {@code path} if nothing is there, atomically and durably.
   *
   * @return false if {@code path} already existed, in which case it is left as it was
   */
  default boolean createIfAbsent(URI path, byte[] bytes) throws IOException {
    try (AtomicOutputStream out = create(path)) {
      out.write(bytes);
      try {
        out.commit();
      } catch (FileAlreadyExistsException e) {
        // Only the commit's "target exists" means absent-check lost; create() throwing the same
        // type (a parent that is a file) is a real error and propagates.
        return false;
      }
      return true;
    }
  }

  /** Reads {@code path}; throws {@link java.nio.file.NoSuchFileException} if it is absent. */
  InputStream open(URI path) throws IOException;

  /** Reads the whole of {@code path}. */
  default byte[] readAll(URI path) throws IOException {
    try (InputStream in = open(path)) {
      return in.readAllBytes();
    }
  }

  /** The file or directory at {@code path}, if there is one. */
  Optional<FileInfo> status(URI path) throws IOException;

  /** The direct children of {@code dir}, in no set order; empty if {@code dir} does not exist. */
  List<FileInfo> list(URI dir) throws IOException;

  /**
   * Deletes the file {@code path}, or the directory {@code path} with everything under it.
   *
   * @return whether anything was there
   */
  boolean delete(URI path) throws IOException;

  /** Creates {@code dir} and its parents if missing. */
  void mkdirs(URI dir) throws IOException;

  /**
   * Takes an exclusive lock named by {@code path} that lasts until it is closed or the process
   * ends, whichever comes first. Only called when {@link StorageCapabilities#locks()} is true.
   * The holder must never open or read the lock file itself: on some platforms closing any
   * handle to a locked file releases the process's lock. Keep lock files empty.
   *
   * @return empty if another holder (in this or another process) has it
   */
  default Optional<StorageLock> tryLock(URI path) throws IOException {
    throw new IOException("this storage offers no locks; check capabilities().locks() first");
  }

  /**
   * Deletes what writes into {@code dir} left behind when their process died before commit or
   * abort (temporary files that listings hide), and returns how many. Call it only while no
   * writer can be active in {@code dir} — for example while holding the checkpoint's lock.
   * Not recursive. A storage whose unfinished writes leave nothing behind returns 0.
   */
  default int deleteAbandonedWrites(URI dir) throws IOException {
    return 0;
  }

  @Override
  default void close() throws IOException {}
}
