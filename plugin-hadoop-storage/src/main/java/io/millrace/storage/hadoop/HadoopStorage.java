package io.millrace.storage.hadoop;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.NotDirectoryException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;

/**
 * A {@link Storage} over one Hadoop {@link FileSystem} (one scheme and authority, such as
 * {@code hdfs://nn:8020} or {@code s3a://bucket}). Safe for use by many threads, as Hadoop
 * file systems are.
 *
 * <p><b>Create-if-absent</b> depends on the store ({@link StoreKind}): HDFS-like stores rename
 * a hidden temporary file without overwrite ({@link RenamingOutputStream}), object stores write
 * the buffered object in one piece at commit ({@link ObjectStoreOutputStream}).
 * {@link #capabilities()} says {@code atomicCreateIfAbsent} only where the store guarantees one
 * winner among racing writers: HDFS, WebHDFS and viewfs. It never offers locks: HDFS has no
 * lock that ends with the process holding it.
 */
public final class HadoopStorage implements Storage {
  private static final String S3A_CONDITIONAL_CREATE = "fs.s3a.create.conditional.enabled";

  private final URI root;
  private final StoreKind kind;
  private final HadoopPaths paths;
  private final FileSystem fs;
  private final FileContext fc;
  private final boolean conditionalPut;
  private final StorageCapabilities capabilities;

  private HadoopStorage(URI root, StoreKind kind, FileSystem fs, FileContext fc, boolean conditionalPut) {
    this.root = root;
    this.kind = kind;
    this.paths = new HadoopPaths(root);
    this.fs = fs;
    this.fc = fc;
    this.conditionalPut = conditionalPut;
    this.capabilities = new StorageCapabilities(StoreKind.atomicCreateIfAbsent(root.getScheme()), false);
  }

  /** Opens the file system {@code uri} names (its scheme and authority) with {@code conf}. */
  public static HadoopStorage open(URI uri, Configuration conf) throws IOException {
    String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
    StoreKind kind = StoreKind.of(scheme);
    URI root = URI.create(scheme + "://" + (uri.getAuthority() == null ? "" : uri.getAuthority()) + "/");
    return PluginClassLoader.run(() -> {
      FileSystem fs;
      try {
        // A private instance, not the JVM-wide cache: closing this storage must not close a
        // FileSystem that other code shares, and its settings must be these options'.
        fs = FileSystem.newInstance(root, conf);
      } catch (UnsupportedFileSystemException e) {
        throw noFileSystem(root, scheme, e);
      } catch (IOException e) {
        throw HadoopErrors.translate("opening the file system", root, e);
      }
      try {
        // FileContext, not FileSystem, because only its rename takes Rename.NONE publicly. It
        // has no close(); on HDFS its client holds no threads while it writes nothing, and its
        // RPC connections are Hadoop's shared, idle-timed ones.
        FileContext fc = kind == StoreKind.RENAMING ? FileContext.getFileContext(fs.getUri(), conf) : null;
        // fs.getConf() holds S3A's per-bucket settings (fs.s3a.bucket.<b>.*) applied to this bucket.
        boolean conditional = scheme.equals("s3a") && fs.getConf().getBoolean(S3A_CONDITIONAL_CREATE, true);
        return new HadoopStorage(root, kind, fs, fc, conditional);
      } catch (IOException | RuntimeException e) {
        fs.close();
        if (e instanceof IOException io) {
          throw HadoopErrors.translate("opening the file context", root, io);
        }
        throw e;
      }
    });
  }

  private static IOException noFileSystem(URI root, String scheme, Exception e) {
    String hint = StoreKind.connector(scheme)
        .map(c -> "; put its connector (" + c + ") next to the plugin, or set millrace.hadoop.fs." + scheme + ".impl")
        .orElse("; set millrace.hadoop.fs." + scheme + ".impl to its FileSystem class");
    return new IOException("no Hadoop FileSystem for " + root + " is installed" + hint, e);
  }

  @Override
  public StorageCapabilities capabilities() {
    return capabilities;
  }

  /** Whether commits on this storage ask the store for a put-if-absent (S3A's conditional create). */
  boolean usesConditionalPut() {
    return conditionalPut;
  }

  @Override
  public AtomicOutputStream create(URI path) throws IOException {
    Path target = paths.toPath(path);
    if (kind == StoreKind.OBJECT_STORE) {
      return new ObjectStoreOutputStream(fs, path, target, conditionalPut);
    }
    return PluginClassLoader.run(() -> RenamingOutputStream.open(fs, fc, path, fs.makeQualified(target)));
  }

  @Override
  public InputStream open(URI path) throws IOException {
    Path file = paths.toPath(path);
    return PluginClassLoader.run(() -> {
      try {
        return fs.open(file);
      } catch (IOException e) {
        throw HadoopErrors.translate("read", path, e);
      }
    });
  }

  @Override
  public Optional<FileInfo> status(URI path) throws IOException {
    Path file = paths.toPath(path);
    return PluginClassLoader.run(() -> {
      try {
        return Optional.of(info(path, fs.getFileStatus(file)));
      } catch (FileNotFoundException e) {
        return Optional.empty();
      } catch (IOException e) {
        throw HadoopErrors.translate("status", path, e);
      }
    });
  }

  /** Direct children, without the temporary files of unfinished writes. */
  @Override
  public List<FileInfo> list(URI dir) throws IOException {
    Path directory = paths.toPath(dir);
    return PluginClassLoader.run(() -> {
      FileStatus[] statuses;
      try {
        statuses = fs.listStatus(directory);
      } catch (FileNotFoundException e) {
        return List.of();
      } catch (IOException e) {
        throw HadoopErrors.translate("list", dir, e);
      }
      List<FileInfo> children = new ArrayList<>(statuses.length);
      for (FileStatus status : statuses) {
        if (isListingOfFileItself(directory, status)) {
          // listStatus of a file returns the file; the local storage refuses the same way.
          throw new NotDirectoryException(dir.toString());
        }
        String name = status.getPath().getName();
        if (!HadoopPaths.isTempName(name)) {
          children.add(info(HadoopPaths.child(dir, name), status));
        }
      }
      return children;
    });
  }

  /** Deletes the temporary files of renaming writes whose process died before commit or abort. */
  @Override
  public int deleteAbandonedWrites(URI dir) throws IOException {
    Path directory = paths.toPath(dir);
    return PluginClassLoader.run(() -> {
      FileStatus[] statuses;
      try {
        statuses = fs.listStatus(directory);
      } catch (FileNotFoundException e) {
        return 0;
      } catch (IOException e) {
        throw HadoopErrors.translate("list", dir, e);
      }
      int deleted = 0;
      for (FileStatus status : statuses) {
        if (!status.isDirectory() && HadoopPaths.isTempName(status.getPath().getName())) {
          try {
            deleted += fs.delete(status.getPath(), false) ? 1 : 0;
          } catch (IOException e) {
            throw HadoopErrors.translate("delete", dir, e);
          }
        }
      }
      return deleted;
    });
  }

  private static boolean isListingOfFileItself(Path directory, FileStatus status) {
    return !status.isDirectory() && status.getPath().toUri().getPath().equals(directory.toUri().getPath());
  }

  private static FileInfo info(URI path, FileStatus status) {
    boolean directory = status.isDirectory();
    return new FileInfo(path, directory ? 0 : status.getLen(), status.getModificationTime(), directory);
  }

  /** Deletes a file, or a directory with everything under it. */
  @Override
  public boolean delete(URI path) throws IOException {
    Path target = paths.toPath(path);
    return PluginClassLoader.run(() -> {
      try {
        // Hadoop's delete returns false exactly when nothing was there.
        return fs.delete(target, true);
      } catch (FileNotFoundException e) {
        return false;
      } catch (IOException e) {
        throw HadoopErrors.translate("delete", path, e);
      }
    });
  }

  @Override
  public void mkdirs(URI dir) throws IOException {
    Path directory = paths.toPath(dir);
    PluginClassLoader.run(() -> {
      boolean made;
      try {
        made = fs.mkdirs(directory);
      } catch (org.apache.hadoop.fs.FileAlreadyExistsException | org.apache.hadoop.fs.ParentNotDirectoryException e) {
        throw HadoopErrors.notADirectory(dir, e);
      } catch (IOException e) {
        throw HadoopErrors.translate("mkdirs", dir, e);
      }
      if (!made) {
        throw new IOException("mkdirs of " + dir + " failed: the file system refused without saying why");
      }
      return null;
    });
  }

  /** Closes this storage's FileSystem, which no other code shares. */
  @Override
  public void close() throws IOException {
    PluginClassLoader.run(() -> {
      fs.close();
      return null;
    });
  }

  @Override
  public String toString() {
    return "hadoop storage for " + root + " (" + (capabilities.atomicCreateIfAbsent()
        ? "atomic create-if-absent by rename without overwrite"
        : kind == StoreKind.OBJECT_STORE
            ? "objects written whole at commit" + (conditionalPut ? " with a conditional put" : "")
                + "; create-if-absent is not promised atomic"
            : "rename without overwrite; create-if-absent is not promised atomic") + ")";
  }
}
