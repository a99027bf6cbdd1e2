package io.millrace.state.hdfs;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Removes what a process killed in the middle of writing a state file left in the store's own
 * directory on {@code file:}: the local storage writes {@code .<name>.<uuid>.tmp} next to the
 * target and removes it on commit or abort, but a halted JVM does neither, and the storage hides
 * such names from listings, so no SPI call can see them. Only temporary names of this provider's
 * own files ({@code .<version>.delta…tmp}, {@code .<version>.snapshot…tmp}) are touched.
 *
 * <p>Called when a provider starts. Another live writer of the same store would lose its
 * pending file and fail its commit loudly (the published file is never touched), which is the
 * safe outcome for what the engine forbids anyway: two tasks committing one store at once.
 * Other storages clean their own leftovers (Hadoop's writes are not visible until renamed).
 */
final class StaleTempFiles {
  private static final Pattern OURS = Pattern.compile("^\\.\\d+\\.(delta|snapshot)\\..*\\.tmp$");

  private StaleTempFiles() {}

  /** Deletes the leftovers in {@code storeDir} if it is a local directory; returns how many. */
  static int removeIn(URI storeDir) {
    if (!"file".equalsIgnoreCase(storeDir.getScheme())) {
      return 0;
    }
    int removed = 0;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of(storeDir))) {
      for (Path child : entries) {
        if (OURS.matcher(child.getFileName().toString()).matches() && Files.deleteIfExists(child)) {
          removed++;
        }
      }
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException | RuntimeException e) {
      // Leftovers are hidden from listings and never read as data: failing to remove them
      // must not stop the store from starting.
      return removed;
    }
    return removed;
  }
}
