package io.millrace.tck.runner;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads a plugin jar as the engine would, in its own class loader, except that the jar also
 * sees the TCK and JUnit (its kits implement TCK interfaces). Everything else — including any
 * copy of the SPI or the TCK the jar bundles — comes from the parent only for those packages,
 * so the jar's own libraries cannot clash with the runner's.
 */
final class TckClassLoader extends URLClassLoader {
  private static final List<String> SHARED =
      List.of("io.millrace.spi.", "io.millrace.tck.", "org.junit.", "org.opentest4j.", "org.apiguardian.");

  private final ClassLoader runner;

  TckClassLoader(List<Path> jars, ClassLoader runner) {
    super(urls(jars), ClassLoader.getPlatformClassLoader());
    this.runner = runner;
  }

  private static URL[] urls(List<Path> jars) {
    URL[] urls = new URL[jars.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = jars.get(i).toUri().toURL();
      } catch (java.net.MalformedURLException e) {
        throw new IllegalArgumentException("not a usable jar path: " + jars.get(i), e);
      }
    }
    return urls;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    for (String prefix : SHARED) {
      if (name.startsWith(prefix) && (!prefix.equals("io.millrace.tck.") || isTckItself(name))) {
        return runner.loadClass(name);
      }
    }
    return super.loadClass(name, resolve);
  }

  /**
   * Whether {@code name} is part of the TCK the runner runs (the suites and kit interfaces)
   * rather than a class of the jar under test that happens to live in a TCK package.
   */
  private boolean isTckItself(String name) {
    URL resource = runner.getResource(name.replace('.', '/') + ".class");
    return resource != null && resource.toString().startsWith(TCK_LOCATION);
  }

  private static final String TCK_LOCATION = tckLocation();

  private static String tckLocation() {
    URL self = TckClassLoader.class.getResource(TckClassLoader.class.getSimpleName() + ".class");
    String s = self.toString();
    // The TCK's own root: the jar (jar:file:...!/) or the classes directory.
    int bang = s.indexOf("!/");
    if (bang >= 0) {
      return s.substring(0, bang + 2);
    }
    return s.substring(0, s.length() - (TckClassLoader.class.getName().replace('.', '/') + ".class").length());
  }
}
