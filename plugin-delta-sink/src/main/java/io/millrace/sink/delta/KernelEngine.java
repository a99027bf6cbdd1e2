package io.millrace.sink.delta;

import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Delta Kernel's default engine for one sink or source, and the class-loader discipline around it.
 *
 * <p>Hadoop and Kernel load classes by name (file systems, log stores, codecs) through the
 * thread's context class loader; the runtime loads this plugin in its own class loader, which
 * the calling thread does not carry. {@link #call} sets it for the duration of each Kernel call.
 */
final class KernelEngine {
  /** Kernel's override key for the log store of the {@code file} scheme. */
  static final String FILE_LOG_STORE_KEY = "io.delta.kernel.logStore.file.impl";

  /** A Kernel or Hadoop call that may fail with an I/O error. */
  @FunctionalInterface
  interface KernelCall<T> {
    T call() throws IOException;
  }

  private final Configuration conf;
  private final Engine engine;

  private KernelEngine(Configuration conf, Engine engine) {
    this.conf = conf;
    this.engine = engine;
  }

  /**
   * An engine whose Hadoop configuration has the multi-process-safe {@link HardLinkLogStore} for
   * local tables, then the user's {@code hadoop.<key>} options, which win.
   */
  static KernelEngine create(Map<String, String> hadoopOptions) {
    try {
      return call(() -> {
        Configuration conf = new Configuration();
        conf.setClassLoader(KernelEngine.class.getClassLoader());
        conf.set(FILE_LOG_STORE_KEY, HardLinkLogStore.class.getName());
        // Not by Hadoop's shutdown hook: the runtime's stop (Ctrl-C, SIGTERM) may still be
        // committing a batch to the table while the JVM's hooks run.
        conf.setBoolean("fs.automatic.close", false);
        hadoopOptions.forEach(conf::set);
        return new KernelEngine(conf, DefaultEngine.create(conf));
      });
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  Engine engine() {
    return engine;
  }

  Configuration conf() {
    return conf;
  }

  /** Runs {@code call} with this plugin's class loader as the thread's context class loader. */
  static <T> T call(KernelCall<T> call) throws IOException {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(KernelEngine.class.getClassLoader());
    try {
      return call.call();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }
}
