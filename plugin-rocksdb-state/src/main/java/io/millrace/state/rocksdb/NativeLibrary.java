package io.millrace.state.rocksdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocksdb.NativeLibraryLoader;
import org.rocksdb.RocksDB;

/**
 * Loads RocksDB's JNI library from this process's local directory ({@link LocalDirs}) rather than
 * {@code java.io.tmpdir}. RocksJava copies the 15 MB library out of its jar into a new temporary
 * file per process and deletes it only at a clean exit, so every killed process left one behind
 * (622 of them, 9 GB, in one build host's /tmp after many crash-test runs). In the process's own
 * directory, the sweep of the directories of processes that are gone deletes it with the rest.
 *
 * <p>{@code ROCKSDB_SHAREDLIB_DIR}, RocksJava's own setting, wins when set; and where the copy
 * cannot be loaded from the local directory (a file system mounted {@code noexec}), RocksJava
 * loads it its own way, and that is logged.
 */
final class NativeLibrary {
  private static final System.Logger LOG = System.getLogger(NativeLibrary.class.getName());
  private static boolean loaded;

  private NativeLibrary() {}

  /** Loads the library once per process, into {@link LocalDirs#processDir} of {@code localDir}. */
  static synchronized void load(Path localDir) {
    if (loaded) {
      return;
    }
    if (System.getenv("ROCKSDB_SHAREDLIB_DIR") == null) {
      Path dir = LocalDirs.processDir(localDir);
      try {
        Files.createDirectories(dir);
        NativeLibraryLoader.getInstance().loadLibrary(dir.toString());
      } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
        LOG.log(System.Logger.Level.WARNING, "could not load RocksDB''s native library from {0} ({1}); RocksDB loads"
            + " it from java.io.tmpdir instead, where a process that is killed leaves its copy", dir, e.toString());
      }
    }
    RocksDB.loadLibrary();
    loaded = true;
  }
}
