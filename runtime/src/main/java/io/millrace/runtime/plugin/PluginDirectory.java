package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the layout of the plugins directory ({@value #SETTING}): every {@code *.jar} directly
 * in it is one plugin, and every sub-folder is one plugin made of all the jars under it
 * (its own jar plus the libraries it bundles). Entries come back in name order so that
 * loading, logging and error messages do not depend on the file system's listing order.
 */
final class PluginDirectory {
  /** The setting that names the plugins directory. */
  static final String SETTING = "millrace.plugins.dir";

  private static final Logger LOG = LoggerFactory.getLogger(PluginDirectory.class);

  /** One plugin: where it is and the jars its class loader reads. */
  record Entry(Path location, List<Path> jars) {}

  private PluginDirectory() {}

  /** The plugins in {@code dir}, which must be an existing directory since it was set explicitly. */
  static List<Entry> scan(Path dir) {
    if (!Files.exists(dir)) {
      throw new MillraceException("plugins directory " + dir + " does not exist (setting " + SETTING + ")");
    }
    if (!Files.isDirectory(dir)) {
      throw new MillraceException("plugins directory " + dir + " is not a directory (setting " + SETTING + ")");
    }
    List<Entry> entries = new ArrayList<>();
    for (Path child : sortedChildren(dir)) {
      entry(child).ifPresent(entries::add);
    }
    return entries;
  }

  /**
   * Fails, naming the jar, if one of {@code entry}'s jars cannot be opened as a jar: a class
   * loader skips such a jar without a word, and the plugin would miss its classes later.
   */
  static void checkJars(Entry entry) {
    for (Path jar : entry.jars()) {
      try (JarFile ignored = new JarFile(jar.toFile())) {
        // Opening reads the zip's central directory, which is what a class loader needs.
      } catch (IOException e) {
        String which = jar.equals(entry.location()) ? "plugin jar " + jar : "plugin folder " + entry.location() + " holds " + jar + ", which";
        throw new MillraceException(which + " is not a readable jar (zip) file: " + e.getMessage(), e);
      }
    }
  }

  private static Optional<Entry> entry(Path child) {
    if (isHidden(child)) {
      return Optional.empty();
    }
    if (Files.isDirectory(child)) {
      List<Path> jars = jarsUnder(child);
      if (jars.isEmpty()) {
        LOG.warn("ignoring plugin folder {}: it holds no .jar files", child);
        return Optional.empty();
      }
      return Optional.of(new Entry(child, jars));
    }
    if (isJar(child)) {
      return Optional.of(new Entry(child, List.of(child)));
    }
    LOG.warn("ignoring {} in the plugins directory: it is neither a .jar nor a folder", child);
    return Optional.empty();
  }

  private static List<Path> sortedChildren(Path dir) {
    try (Stream<Path> children = Files.list(dir)) {
      return children.sorted().toList();
    } catch (IOException e) {
      throw new MillraceException("cannot list plugins directory " + dir + " (setting " + SETTING + "): " + e, e);
    }
  }

  private static List<Path> jarsUnder(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      return files.filter(f -> !isHidden(f) && isJar(f)).sorted().toList();
    } catch (IOException e) {
      throw new MillraceException("cannot list plugin folder " + folder + ": " + e, e);
    }
  }

  private static boolean isJar(Path file) {
    return Files.isRegularFile(file) && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar");
  }

  // Editors and file managers leave dot-files behind (.DS_Store, .#foo.jar); they are not plugins.
  private static boolean isHidden(Path file) {
    return file.getFileName().toString().startsWith(".");
  }
}
