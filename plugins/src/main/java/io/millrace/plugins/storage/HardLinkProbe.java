package io.millrace.plugins.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds out whether a directory's file system makes hard links. They are what makes
 * create-if-absent atomic: {@code link(2)} fails if the target exists, in one step.
 */
final class HardLinkProbe {

  private HardLinkProbe() {}

  /** Creates and links two hidden temporary files in {@code dir}, then removes both. */
  static boolean supportedIn(Path dir) {
    Path file = LocalPaths.tempSibling(dir.resolve("millrace-link-probe"));
    Path link = LocalPaths.tempSibling(dir.resolve("millrace-link-probe"));
    try {
      Files.createFile(file);
      Files.createLink(link, file);
      return true;
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    } finally {
      deleteQuietly(link);
      deleteQuietly(file);
    }
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      // A leftover probe has a temporary name, which listings hide.
    }
  }
}
