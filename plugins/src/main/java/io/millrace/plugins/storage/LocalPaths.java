package io.millrace.plugins.storage;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.UUID;
import java.util.regex.Pattern;

/** Conversions between {@code file:} URIs and paths, and the names of temporary files. */
final class LocalPaths {
  private static final Pattern TEMP_NAME = Pattern.compile("^\\..*\\.tmp$");

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
    try {
      Files.createDirectories(dir);
    } catch (FileAlreadyExistsException e) {
      throw new NotDirectoryException(e.getFile());
    }
  }
}
