package io.millrace.state.rocksdb;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The local working directories: {@code <localDir>/p<pid>-<random>/} for this process, one
 * sub-directory per provider. A process that died (a crash, a kill) cannot delete its own, so
 * the first provider of a process on a {@code localDir} deletes those of processes that are no
 * longer running; local state is only a cache of the checkpoint and is never reopened.
 */
final class LocalDirs {
  private static final System.Logger LOG = System.getLogger(LocalDirs.class.getName());
  private static final Pattern PROCESS_DIR = Pattern.compile("p(\\d+)-[0-9a-f]{8}");
  static final String THIS_PROCESS = "p" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8);
  private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();

  private LocalDirs() {}

  /** This process's directory under {@code localDir}, after sweeping dead processes' ones the first time. */
  static Path processDir(Path localDir) {
    Path root = localDir.toAbsolutePath().normalize();
    if (SWEPT.add(root)) {
      sweep(root);
    }
    return root.resolve(THIS_PROCESS);
  }

  private static void sweep(Path root) {
    if (!Files.isDirectory(root)) {
      return;
    }
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root)) {
      for (Path dir : dirs) {
        Matcher m = PROCESS_DIR.matcher(dir.getFileName().toString());
        if (m.matches() && !dir.getFileName().toString().equals(THIS_PROCESS)
            && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
          LOG.log(System.Logger.Level.INFO, "deleting local RocksDB state of a process that is gone: {0}", dir);
          LocalDb.deleteRecursively(dir);
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "could not look for stale local RocksDB state under {0}: {1}", root, e.toString());
    }
  }
}
