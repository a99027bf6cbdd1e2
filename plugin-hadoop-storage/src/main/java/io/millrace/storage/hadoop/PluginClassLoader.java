package io.millrace.storage.hadoop;

import java.io.IOException;

/**
 * Runs Hadoop code with the thread context class loader set to this plugin's loader.
 *
 * <p>Hadoop finds FileSystem implementations with {@code ServiceLoader}, reads its XML defaults
 * and loads helper classes by name through the context loader. The runtime loads each plugin in
 * its own class loader and calls it from its own threads, whose context loader cannot see
 * Hadoop, so without the switch {@code FileSystem.get} fails with "No FileSystem for scheme".
 */
final class PluginClassLoader {
  /** The loader that loaded this plugin, and with it Hadoop. */
  static final ClassLoader LOADER = PluginClassLoader.class.getClassLoader();

  /** Work that may throw an {@link IOException}. */
  @FunctionalInterface
  interface IoCall<T> {
    T call() throws IOException;
  }

  /** Work that throws no checked exception. */
  @FunctionalInterface
  interface Call<T> {
    T call();
  }

  private PluginClassLoader() {}

  /** Runs {@code call} with the plugin's loader as the context loader, then restores the old one. */
  static <T> T run(IoCall<T> call) throws IOException {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(LOADER);
    try {
      return call.call();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /** As {@link #run}, for work without checked exceptions. */
  static <T> T call(Call<T> call) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(LOADER);
    try {
      return call.call();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }
}
