package io.millrace.plugins.storage;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.net.URISyntaxException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

/** Conversions between {@code file:} URIs and paths, and the names of temporary files. */
final class LocalPaths {
  private static final Pattern TEMP_NAME = Pattern.compile("^\\..*\\.tmp$");
  private static final boolean IS_WINDOWS =
      System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

  private LocalPaths() {}

  /**
   * The local path of {@code uri}, which must be {@code file:/abs/path} or
   * {@code file:///abs/path}.
   */
  static Path toPath(URI uri) {
    if (uri.getScheme() == null || !uri.getScheme().equalsIgnoreCase("file")) {
      throw new IllegalArgumentException("local storage serves file: URIs only; got '" + uri + "'");
    }
    try {
      return Paths.get(uri);
    } catch (IllegalArgumentException | FileSystemNotFoundException e) {
      throw new IllegalArgumentException(
          "local storage cannot use '" + uri + "': " + e.getMessage() + "; write an absolute path such as file:/data/x", e);
    }
  }

  /** The {@code file:/abs/path} form of {@code path}, the form every listing returns. */
  static URI toUri(Path path) {
    try {
      return new URI("file", null, path.toAbsolutePath().toString(), null);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("path '" + path + "' has no file: URI", e);
    }
  }

  /** A fresh hidden name next to {@code target}: {@code .<name>.<uuid>.tmp}. */
  static Path tempSibling(Path target) {
    return target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
  }

  /** Whether {@code name} is that of an unfinished write, which listings must not show. */
  static boolean isTempName(String name) {
    return TEMP_NAME.matcher(name).matches();
  }

  /**
   * Creates {@code dir} and its parents. A file in the way is reported as such: the JDK's
   * {@link FileAlreadyExistsException} would read as "the target exists" to callers of
   * create-if-absent.
   */
  static void createDirectories(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      // The usual case on the commit path: one stat instead of a failed mkdir and its exception.
      return;
    }
    Path parent = dir.toAbsolutePath().getParent();
    if (parent != null) {
      createDirectories(parent);
    }
    try {
      Files.createDirectory(dir);
    } catch (FileAlreadyExistsException e) {
      if (!Files.isDirectory(dir)) {
        throw new NotDirectoryException(e.getFile());
      }
      return; // another writer made it; it made its entry durable
    }
    // A new directory is durable only once its entry in the parent is: otherwise a power loss
    // could take offsets/ with every file in it, although each file was fsynced.
    if (parent != null) {
      forceDirectory(parent);
    }
  }

  /**
   * fsyncs a directory so the entries created in it survive a power loss. Only Windows cannot
   * open a directory for that, and needs no such step; anywhere else a failure (EIO) is real.
   */
  static void forceDirectory(Path dir) throws IOException {
    if (IS_WINDOWS) {
      return;
    }
    try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
      directory.force(true);
    }
  }
}
