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
 * added, removed, or rewritten, as told by size and modification time) gets a new loader.
 */
final class PluginClassLoaders {
  /** Where a plugin's jars are and what they were when its loader was made. */
  private record Key(Path location, List<JarStamp> jars) {}

  private record JarStamp(Path jar, long size, long modified) {}

  private static final Map<Key, PluginClassLoader> LOADERS = new ConcurrentHashMap<>();
  private static final ClassLoader SPI_ONLY = new SpiOnlyClassLoader();

  private PluginClassLoaders() {}

  /** The loader of the plugin at {@code entry}, made on first use. */
  static PluginClassLoader of(PluginDirectory.Entry entry) {
    Key key = new Key(entry.location().toAbsolutePath().normalize(), stamps(entry));
    return LOADERS.computeIfAbsent(key, k -> new PluginClassLoader(entry.location(), entry.jars(), SPI_ONLY));
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
