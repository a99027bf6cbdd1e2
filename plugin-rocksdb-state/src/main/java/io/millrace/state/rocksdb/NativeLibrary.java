package io.millrace.state.rocksdb;

import java.io.IOException;
import java.nio.file.DirectoryStream;
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
 * <p>This leans on RocksJava's loader loading once per process: {@code RocksDB.loadLibrary()},
 * which RocksJava's classes call as they initialise, then finds the library loaded and copies
 * nothing. So it must run before any of those classes initialises ({@link SharedMemory#get} is
 * the plugin's first use of RocksDB); the child-JVM crash test checks where the copy lands.
 *
 * <p>{@code ROCKSDB_SHAREDLIB_DIR}, RocksJava's own setting, wins when set; and where the copy
 * cannot be loaded from the local directory (a file system mounted {@code noexec}), it is deleted
 * and RocksJava loads the library its own way, which is logged.
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
    String own = System.getenv("ROCKSDB_SHAREDLIB_DIR");
    if (own == null || own.isEmpty()) {
      Path dir = LocalDirs.processDir(localDir);
      try {
        Files.createDirectories(dir);
        NativeLibraryLoader.getInstance().loadLibrary(dir.toString());
      } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
        deleteCopies(dir);
        LOG.log(System.Logger.Level.WARNING, "could not load RocksDB''s native library from {0} ({1}); RocksDB loads"
            + " it from java.io.tmpdir instead, where a process that is killed leaves its copy (and which must not be"
            + " mounted noexec either)", dir, e.toString());
      }
    }
    RocksDB.loadLibrary();
    loaded = true;
  }

  private static void deleteCopies(Path dir) {
    try (DirectoryStream<Path> copies = Files.newDirectoryStream(dir, "librocksdbjni*")) {
      for (Path copy : copies) {
        Files.deleteIfExists(copy);
      }
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "could not delete the copy of RocksDB''s library in {0}: {1}", dir, e.toString());
    }
  }
}
