package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The class loaders of plugins-directory plugins: one per plugin and JVM, shared by every
 * registry (every session) that loads that plugin, and never closed. A library in a plugin may
 * leave work behind that loads classes after any session ends: Hadoop registers a JVM shutdown
 * hook that does, and a closed loader would make it fail at exit. State a plugin keeps in static
 * fields (Hadoop's FileSystem cache, RocksDB's process-wide memory budget) is then one per
 * process, as it is for a plugin on the class path. A plugin whose jars change on disk (one
 * added, removed, or rewritten, as told by size and modification time) gets a new loader, which
 * takes the old one's place: sessions still using the old one keep it, and nothing else does.
 */
final class PluginClassLoaders {
  /** A plugin's loader and what its jars were when it was made. */
  private record Loaded(List<JarStamp> jars, PluginClassLoader loader) {}

  private record JarStamp(Path jar, long size, long modified) {}

  /** By the plugin's location: its folder, or its jar. */
  private static final Map<Path, Loaded> LOADERS = new ConcurrentHashMap<>();
  private static final ClassLoader SPI_ONLY = new SpiOnlyClassLoader();

  private PluginClassLoaders() {}

  /** The loader of the plugin at {@code entry}, made on first use. */
  static PluginClassLoader of(PluginDirectory.Entry entry) {
    List<JarStamp> jars = stamps(entry);
    return LOADERS.compute(entry.location().toAbsolutePath().normalize(), (location, loaded) ->
        loaded != null && loaded.jars().equals(jars)
            ? loaded
            : new Loaded(jars, new PluginClassLoader(entry.location(), entry.jars(), SPI_ONLY))).loader();
  }

  /** How many loaders are kept: one per plugin location seen. */
  static int count() {
    return LOADERS.size();
  }

  private static List<JarStamp> stamps(PluginDirectory.Entry entry) {
    List<JarStamp> stamps = new ArrayList<>();
    for (Path jar : entry.jars()) {
      try {
        BasicFileAttributes attributes = Files.readAttributes(jar, BasicFileAttributes.class);
        stamps.add(new JarStamp(jar.toAbsolutePath().normalize(), attributes.size(), attributes.lastModifiedTime().toMillis()));
      } catch (IOException e) {
        throw new MillraceException("cannot read plugin jar " + jar + ": " + e, e);
      }
    }
    return List.copyOf(stamps);
  }
}
