package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * The class loader of one plugin from the plugins directory: the plugin's jars on top of a
 * parent that shows only the JDK, the SPI and the SLF4J API ({@link SpiOnlyClassLoader}). Each
 * plugin gets its own, so two plugins may bundle different versions of one library, and
 * neither sees the runtime's libraries.
 *
 * <p>Delegation is parent-first, which is safe because the parent holds nothing but the JDK,
 * the SPI and SLF4J's API: a plugin that bundles its own copy of the SPI still gets the
 * runtime's classes, so its providers stay castable to the runtime's interfaces.
 */
public final class PluginClassLoader extends URLClassLoader {
  static {
    registerAsParallelCapable();
  }

  /**
   * How every plugin loader's name starts; the rest is the plugin's location. Stack frames carry
   * their class loader's name, which is how a failure is traced back to the plugin it came from.
   */
  static final String NAME_PREFIX = "millrace-plugin:";

  private final Path location;

  PluginClassLoader(Path location, List<Path> jars, ClassLoader spiOnlyParent) {
    super(NAME_PREFIX + location, urls(jars), spiOnlyParent);
    this.location = location;
  }

  /** The jar or folder in the plugins directory this plugin came from. */
  public Path location() {
    return location;
  }

  @Override
  public String toString() {
    return getName();
  }

  private static URL[] urls(List<Path> jars) {
    URL[] urls = new URL[jars.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = jars.get(i).toUri().toURL();
      } catch (MalformedURLException e) {
        throw new MillraceException("cannot turn plugin jar " + jars.get(i) + " into a URL", e);
      }
    }
    return urls;
  }
}
