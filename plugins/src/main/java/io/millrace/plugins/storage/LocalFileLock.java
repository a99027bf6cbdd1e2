package io.millrace.plugins.storage;

import io.millrace.spi.storage.StorageLock;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An operating-system lock on a file, which the OS drops when the process ends however it
 * ends (even {@code Runtime.halt} or {@code kill -9}), so a crashed query never leaves its
 * checkpoint locked.
 *
 * <p>Locks this JVM holds are also kept in a JVM-wide set, checked before any file is opened.
 * That is not only to answer "held by this JVM" quickly: POSIX releases all of a process's
 * locks on a file when the process closes <em>any</em> descriptor of that file, so merely
 * opening and closing a second channel to probe the lock would silently free the first. For
 * the same reason {@link LocalStorage#open} refuses a lock file this JVM holds.
 */
final class LocalFileLock implements StorageLock {
  private static final Set<Path> HELD_BY_THIS_JVM = ConcurrentHashMap.newKeySet();

  private final Path file;
  private final FileChannel channel;
  private boolean closed;

  private LocalFileLock(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
  }

  /** Takes the lock on {@code path}, creating the file if needed; empty if anyone holds it. */
  static Optional<StorageLock> tryAcquire(Path path) throws IOException {
    LocalPaths.createDirectories(path.getParent());
    try {
      // createFile opens no descriptor when the file exists, so it cannot free a lock we hold.
      Files.createFile(path);
    } catch (FileAlreadyExistsException e) {
      // Lock files are reused; the lock is on the file, not its existence.
    }
    Path file = path.toRealPath();
    if (!HELD_BY_THIS_JVM.add(file)) {
      return Optional.empty();
    }
    FileChannel channel = null;
    try {
      channel = FileChannel.open(file, StandardOpenOption.WRITE);
      FileLock lock = channel.tryLock();
      if (lock == null) {
        channel.close();
        HELD_BY_THIS_JVM.remove(file);
        return Optional.empty();
      }
      return Optional.of(new LocalFileLock(file, channel));
    } catch (OverlappingFileLockException e) {
      // Locked in this JVM by code that does not go through this class.
      channel.close();
      HELD_BY_THIS_JVM.remove(file);
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      if (channel != null) {
        channel.close();
      }
      HELD_BY_THIS_JVM.remove(file);
      throw e;
    }
  }

  /**
   * Whether this JVM holds a lock on {@code path}. Reading such a file would release the lock,
   * since closing the reader closes a descriptor of the file.
   */
  static boolean isHeldByThisJvm(Path path) throws IOException {
    if (HELD_BY_THIS_JVM.isEmpty()) {
      return false;
    }
    try {
      return HELD_BY_THIS_JVM.contains(path.toRealPath());
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /** Releases the lock. Closing the channel releases it; only then may others in this JVM try. */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      channel.close();
    } finally {
      HELD_BY_THIS_JVM.remove(file);
    }
  }

  @Override
  public String toString() {
    return "lock on " + file;
  }
}
