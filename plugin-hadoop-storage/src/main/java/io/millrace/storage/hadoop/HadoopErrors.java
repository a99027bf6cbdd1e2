package io.millrace.storage.hadoop;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.PathIsNotDirectoryException;
import org.apache.hadoop.security.AccessControlException;

/**
 * Turns Hadoop's exceptions into the {@code java.nio.file} ones the Storage contract names,
 * and every other failure into an {@link IOException} that says what was being done to which
 * URI. Hadoop's messages often name only the bare path, or nothing at all.
 */
final class HadoopErrors {

  private HadoopErrors() {}

  /** {@code e}, thrown while doing {@code action} (such as "read") to {@code uri}, translated. */
  static IOException translate(String action, URI uri, IOException e) {
    String where = uri.toString();
    String detail = action + " failed: " + message(e);
    if (e instanceof FileNotFoundException) {
      return withCause(new NoSuchFileException(where, null, detail), e);
    }
    if (e instanceof org.apache.hadoop.fs.FileAlreadyExistsException) {
      return withCause(new FileAlreadyExistsException(where, null, detail), e);
    }
    if (e instanceof ParentNotDirectoryException || e instanceof PathIsNotDirectoryException) {
      return withCause(new NotDirectoryException(where + " (" + detail + ")"), e);
    }
    if (e instanceof AccessControlException) {
      return withCause(new AccessDeniedException(where, null, detail), e);
    }
    if (e instanceof FileSystemException) {
      // Already names a file (S3A throws java.nio.file.AccessDeniedException itself); keep its type.
      return e;
    }
    return new IOException(action + " of " + where + " failed: " + message(e), e);
  }

  /** The "target exists" of a create-if-absent that lost: the contract's exception. */
  static FileAlreadyExistsException alreadyExists(URI target, Exception cause) {
    return withCause(
        new FileAlreadyExistsException(target.toString(), null, "already exists; create-if-absent never replaces a file"),
        cause);
  }

  /**
   * A file where {@code dir} or one of its parents should be a directory. Hadoop reports that
   * as {@code FileAlreadyExistsException}, which callers of create-if-absent would read as
   * "the target exists".
   */
  static NotDirectoryException notADirectory(URI dir, Exception cause) {
    return withCause(new NotDirectoryException(dir + " (a file is in the way: " + message(cause) + ")"), cause);
  }

  private static String message(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getName() : m;
  }

  private static <T extends IOException> T withCause(T translated, Throwable cause) {
    translated.initCause(cause);
    return translated;
  }
}
