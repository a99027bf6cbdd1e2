package io.millrace.tck.reference;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import io.millrace.spi.storage.StorageLock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The TCK's reference storage on local disk, scheme {@code file}: what the self-tests hand to
 * plugins whose data must outlive a child JVM. A write goes to a hidden temporary file beside
 * its target and is published by a hard link, which fails if the target exists, so
 * create-if-absent is atomic; listings hide the temporary files. Locks are operating-system
 * file locks, which the OS drops when the holding process dies, plus a JVM-wide set, because
 * closing any descriptor of a locked file would release a POSIX lock. No fsync: the rules
 * kill processes, not machines.
 */
final class DiskStorage implements Storage {
  private static final Set<Path> LOCKED_BY_THIS_JVM = ConcurrentHashMap.newKeySet();

  @Override
  public StorageCapabilities capabilities() {
    return new StorageCapabilities(true, true);
  }

  static Path path(URI uri) {
    return Path.of(uri.getPath());
  }

  static boolean temporary(String name) {
    return name.startsWith(".") && name.endsWith(".tmp");
  }

  @Override
  public AtomicOutputStream create(URI uri) throws IOException {
    Path target = path(uri);
    Files.createDirectories(target.getParent());
    Path temp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    return new AtomicOutputStream() {
      private boolean done;

      @Override
      public void write(int b) throws IOException {
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void flush() throws IOException {
        out.flush();
      }

      @Override
      public void commit() throws IOException {
        if (done) {
          throw new IOException("already committed or aborted: " + uri);
        }
        done = true;
        out.close();
        try {
          Files.createLink(target, temp);
        } catch (FileAlreadyExistsException e) {
          throw new FileAlreadyExistsException(uri.toString());
        } finally {
          Files.deleteIfExists(temp);
        }
      }

      @Override
      public void abort() {
        done = true;
        try {
          out.close();
          Files.deleteIfExists(temp);
        } catch (IOException e) {
          // The hidden temporary file stays; listings do not show it.
        }
      }
    };
  }

  @Override
  public InputStream open(URI uri) throws IOException {
    Path p = path(uri);
    if (Files.isDirectory(p)) {
      throw new NoSuchFileException(uri + " is a directory");
    }
    return Files.newInputStream(p);
  }

  @Override
  public Optional<FileInfo> status(URI uri) throws IOException {
    Path p = path(uri);
    try {
      return Optional.of(info(p, Files.readAttributes(p, BasicFileAttributes.class)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  private static FileInfo info(Path p, BasicFileAttributes a) {
    return new FileInfo(p.toUri(), a.isDirectory() ? 0 : a.size(), a.lastModifiedTime().toMillis(), a.isDirectory());
  }

  @Override
  public List<FileInfo> list(URI dir) throws IOException {
    Path d = path(dir);
    List<FileInfo> out = new ArrayList<>();
    if (!Files.isDirectory(d)) {
      return out;
    }
    try (DirectoryStream<Path> children = Files.newDirectoryStream(d)) {
      for (Path child : children) {
        if (!temporary(child.getFileName().toString())) {
          try {
            out.add(info(child, Files.readAttributes(child, BasicFileAttributes.class)));
          } catch (NoSuchFileException deletedMeanwhile) {
            // gone between the listing and the look
          }
        }
      }
    }
    return out;
  }

  @Override
  public boolean delete(URI uri) throws IOException {
    Path p = path(uri);
    if (!Files.exists(p)) {
      return false;
    }
    try (Stream<Path> all = Files.walk(p)) {
      for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
    return true;
  }

  @Override
  public void mkdirs(URI dir) throws IOException {
    Files.createDirectories(path(dir));
  }

  @Override
  public Optional<StorageLock> tryLock(URI uri) throws IOException {
    Path file = path(uri);
    Files.createDirectories(file.getParent());
    try {
      Files.createFile(file);
    } catch (FileAlreadyExistsException e) {
      // lock files are reused
    }
    Path real = file.toRealPath();
    if (!LOCKED_BY_THIS_JVM.add(real)) {
      return Optional.empty();
    }
    FileChannel channel = FileChannel.open(real, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException | IOException e) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      LOCKED_BY_THIS_JVM.remove(real);
      return Optional.empty();
    }
    return Optional.of(() -> {
      if (channel.isOpen()) {
        channel.close();
        LOCKED_BY_THIS_JVM.remove(real);
      }
    });
  }

  @Override
  public int deleteAbandonedWrites(URI dir) throws IOException {
    int deleted = 0;
    Path d = path(dir);
    if (!Files.isDirectory(d)) {
      return 0;
    }
    try (DirectoryStream<Path> children = Files.newDirectoryStream(d, p -> temporary(p.getFileName().toString()))) {
      for (Path temp : children) {
        deleted += Files.deleteIfExists(temp) ? 1 : 0;
      }
    }
    return deleted;
  }
}
