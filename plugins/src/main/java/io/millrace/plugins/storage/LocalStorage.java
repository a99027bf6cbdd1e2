package io.millrace.plugins.storage;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import io.millrace.spi.storage.StorageLock;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The local file system, for {@code file:/abs/path} (or {@code file:///abs/path}) URIs.
 * Listings return URIs in the {@code file:/abs/path} form. Safe for use by many threads.
 *
 * <p><b>Create-if-absent.</b> {@link #create} writes a hidden temporary file
 * {@code .<name>.<uuid>.tmp} next to the target. Commit fsyncs it, publishes it with a hard
 * link, which the OS creates atomically and refuses if the target exists, removes the
 * temporary name and fsyncs the directory. A file is never moved onto an existing one.
 *
 * <p><b>Without hard links</b> (some network and FUSE file systems) commit falls back to a
 * move that checks for the target first. Two writers racing for one path could then both
 * succeed, so {@link #capabilities()} reports {@code atomicCreateIfAbsent} false. Whether
 * links work is probed once, when the storage is opened, in the directory it is opened for
 * (its nearest existing writable ancestor, else the JVM's temporary directory); if a commit
 * later finds links unsupported, the capability is withdrawn from then on.
 *
 * <p><b>Locks</b> are operating-system file locks; see {@link #tryLock}.
 */
public final class LocalStorage implements Storage {
  private volatile boolean hardLinks;

  /** Storage that publishes with hard links if {@code hardLinks}, else with the checked move. */
  LocalStorage(boolean hardLinks) {
    this.hardLinks = hardLinks;
  }

  /** Opens the local storage, probing for hard links near {@code uri}. */
  public static LocalStorage forUri(URI uri) {
    return new LocalStorage(HardLinkProbe.supportedIn(probeDirectory(uri)));
  }

  private static Path probeDirectory(URI uri) {
    Path fallback = Path.of(System.getProperty("java.io.tmpdir"));
    if (uri.getPath() == null || uri.getPath().isEmpty()) {
      return fallback;
    }
    for (Path dir = LocalPaths.toPath(uri); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir)) {
        return Files.isWritable(dir) ? dir : fallback;
      }
    }
    return fallback;
  }

  boolean usesHardLinks() {
    return hardLinks;
  }

  void hardLinksUnavailable() {
    hardLinks = false;
  }

  /** Atomic create-if-absent where hard links work; locks always. */
  @Override
  public StorageCapabilities capabilities() {
    return new StorageCapabilities(hardLinks, true);
  }

  @Override
  public AtomicOutputStream create(URI path) throws IOException {
    return LocalAtomicOutputStream.open(this, LocalPaths.toPath(path));
  }

  /**
   * Reads a file. A lock file this JVM holds is refused: closing the reader would make the OS
   * drop the lock (POSIX releases a process's locks on a file when any descriptor of it closes).
   */
  @Override
  public InputStream open(URI path) throws IOException {
    Path file = LocalPaths.toPath(path);
    if (LocalFileLock.isHeldByThisJvm(file)) {
      throw new IOException("cannot read " + file + ": it is a lock file this JVM holds, and closing a reader of it"
          + " would release the lock; keep lock files free of content");
    }
    return Files.newInputStream(file);
  }

  @Override
  public Optional<FileInfo> status(URI path) throws IOException {
    Path file = LocalPaths.toPath(path);
    try {
      return Optional.of(info(file, Files.readAttributes(file, BasicFileAttributes.class)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** Direct children, without the temporary files of unfinished writes. */
  @Override
  public List<FileInfo> list(URI dir) throws IOException {
    Path directory = LocalPaths.toPath(dir);
    List<FileInfo> children = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
      for (Path child : entries) {
        if (LocalPaths.isTempName(child.getFileName().toString())) {
          continue;
        }
        try {
          children.add(info(child, Files.readAttributes(child, BasicFileAttributes.class)));
        } catch (NoSuchFileException e) {
          // Deleted between the listing and the stat: it is no longer a child.
        }
      }
    } catch (NoSuchFileException e) {
      return List.of();
    }
    return children;
  }

  /** Deletes the temporary files of writes whose process died before commit or abort. */
  @Override
  public int deleteAbandonedWrites(URI dir) throws IOException {
    int deleted = 0;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(LocalPaths.toPath(dir))) {
      for (Path child : entries) {
        if (LocalPaths.isTempName(child.getFileName().toString()) && Files.deleteIfExists(child)) {
          deleted++;
        }
      }
    } catch (NoSuchFileException e) {
      return 0;
    }
    return deleted;
  }

  private static FileInfo info(Path path, BasicFileAttributes attributes) {
    boolean directory = attributes.isDirectory();
    return new FileInfo(
        LocalPaths.toUri(path), directory ? 0 : attributes.size(), attributes.lastModifiedTime().toMillis(), directory);
  }

  /** Deletes a file, or a directory with everything under it; symbolic links are removed, not followed. */
  @Override
  public boolean delete(URI path) throws IOException {
    Path root = LocalPaths.toPath(path);
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
        Files.deleteIfExists(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        if (e instanceof NoSuchFileException) {
          return FileVisitResult.CONTINUE;
        }
        throw e;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
        if (e != null && !(e instanceof NoSuchFileException)) {
          throw e;
        }
        Files.deleteIfExists(dir);
        return FileVisitResult.CONTINUE;
      }
    });
    return true;
  }

  @Override
  public void mkdirs(URI dir) throws IOException {
    LocalPaths.createDirectories(LocalPaths.toPath(dir));
  }

  /**
   * Takes an operating-system lock on the file {@code path} (created if missing). It is held
   * until the returned lock is closed or the process ends, however it ends. Empty if another
   * process holds it, or this JVM does (through any {@code LocalStorage}). While it is held,
   * {@link #open} refuses the file, because reading it would release the lock.
   */
  @Override
  public Optional<StorageLock> tryLock(URI path) throws IOException {
    return LocalFileLock.tryAcquire(LocalPaths.toPath(path));
  }

  @Override
  public String toString() {
    return "local storage (" + (hardLinks ? "atomic create-if-absent" : "no hard links: create-if-absent is not atomic") + ")";
  }
}
