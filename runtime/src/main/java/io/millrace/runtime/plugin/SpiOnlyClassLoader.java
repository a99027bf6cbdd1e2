package io.millrace.runtime.plugin;

import io.millrace.spi.Plugin;
import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import org.slf4j.LoggerFactory;

/**
 * The parent of every {@link PluginClassLoader}: it shows the JDK (through the platform class
 * loader), the packages {@code io.millrace.spi} and below (through the class loader of
 * {@link Plugin}) and the SLF4J API {@code org.slf4j} (through the runtime's), and nothing
 * else. Plugins share the runtime's SPI classes, which they must do for the runtime to call
 * them. They share SLF4J so that the libraries they bundle (Hadoop, Delta Kernel, Parquet ...)
 * log where the runtime logs: with a copy of its own, each plugin would find no SLF4J provider,
 * print a warning and drop every line its libraries log. They never see the runtime's Guava,
 * Jackson or picocli.
 */
final class SpiOnlyClassLoader extends ClassLoader {
  static {
    registerAsParallelCapable();
  }

  private static final String SPI_PACKAGE_PREFIX = Plugin.class.getPackageName() + ".";
  private static final String SPI_RESOURCE_PREFIX = SPI_PACKAGE_PREFIX.replace('.', '/');
  private static final String SLF4J_PACKAGE_PREFIX = "org.slf4j.";
  private static final String SLF4J_RESOURCE_PREFIX = SLF4J_PACKAGE_PREFIX.replace('.', '/');

  private final ClassLoader spiLoader;
  private final ClassLoader slf4jLoader;

  SpiOnlyClassLoader() {
    this(Plugin.class.getClassLoader(), LoggerFactory.class.getClassLoader());
  }

  SpiOnlyClassLoader(ClassLoader spiLoader, ClassLoader slf4jLoader) {
    super("millrace-spi-only", ClassLoader.getPlatformClassLoader());
    this.spiLoader = spiLoader;
    this.slf4jLoader = slf4jLoader;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (name.startsWith(SPI_PACKAGE_PREFIX)) {
      return spiLoader.loadClass(name);
    }
    if (name.startsWith(SLF4J_PACKAGE_PREFIX)) {
      return slf4jLoader.loadClass(name);
    }
    // The platform loader answers for the JDK; anything else ends in ClassNotFoundException.
    return super.loadClass(name, resolve);
  }

  // Resources are filtered like classes: passing the application's resources through would
  // let ServiceLoader in a plugin find the META-INF/services files of class path plugins.

  @Override
  protected URL findResource(String name) {
    ClassLoader shared = sharing(name);
    return shared == null ? null : shared.getResource(name);
  }

  @Override
  protected Enumeration<URL> findResources(String name) throws IOException {
    ClassLoader shared = sharing(name);
    return shared == null ? Collections.emptyEnumeration() : shared.getResources(name);
  }

  private ClassLoader sharing(String resource) {
    if (resource.startsWith(SPI_RESOURCE_PREFIX)) {
      return spiLoader;
    }
    return resource.startsWith(SLF4J_RESOURCE_PREFIX) ? slf4jLoader : null;
  }
}
