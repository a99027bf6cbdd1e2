package io.millrace.runtime.plugin;

import io.millrace.spi.Plugin;
import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;

/**
 * The parent of every {@link PluginClassLoader}: it shows the JDK (through the platform class
 * loader) and the packages {@code io.millrace.spi} and below (through the class loader of
 * {@link Plugin}), and nothing else. Plugins therefore share the runtime's SPI classes, which
 * they must do for the runtime to call them, but never see its Guava, Jackson or SLF4J.
 */
final class SpiOnlyClassLoader extends ClassLoader {
  static {
    registerAsParallelCapable();
  }

  private static final String SPI_PACKAGE_PREFIX = Plugin.class.getPackageName() + ".";
  private static final String SPI_RESOURCE_PREFIX = SPI_PACKAGE_PREFIX.replace('.', '/');

  private final ClassLoader spiLoader;

  SpiOnlyClassLoader(ClassLoader spiLoader) {
    super("millrace-spi-only", ClassLoader.getPlatformClassLoader());
    this.spiLoader = spiLoader;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (name.startsWith(SPI_PACKAGE_PREFIX)) {
      return spiLoader.loadClass(name);
    }
    // The platform loader answers for the JDK; anything else ends in ClassNotFoundException.
    return super.loadClass(name, resolve);
  }

  // Resources are filtered like classes: passing the application's resources through would
  // let ServiceLoader in a plugin find the META-INF/services files of class path plugins.

  @Override
  protected URL findResource(String name) {
    return isSpiResource(name) ? spiLoader.getResource(name) : null;
  }

  @Override
  protected Enumeration<URL> findResources(String name) throws IOException {
    return isSpiResource(name) ? spiLoader.getResources(name) : Collections.emptyEnumeration();
  }

  private static boolean isSpiResource(String name) {
    return name.startsWith(SPI_RESOURCE_PREFIX);
  }
}
