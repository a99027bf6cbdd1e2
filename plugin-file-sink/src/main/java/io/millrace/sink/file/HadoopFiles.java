package io.millrace.sink.file;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The Hadoop file system an output path lives on, and the class-loader discipline around it.
 *
 * <p>Hadoop loads classes by name (file systems, codecs) through the thread's context class
 * loader; the runtime loads this plugin in its own class loader, which the calling thread does
 * not carry, so {@link #call} sets it for each call that may load one. Local paths use Hadoop's
 * raw local file system ({@link LocalFiles}): the checksummed one would leave {@code .crc} files
 * next to every data file and carry them through each rename.
 */
record HadoopFiles(Configuration conf, FileSystem fs, Path root) {

  /** A Hadoop or Parquet call that may fail with an I/O error. */
  @FunctionalInterface
  interface Call<T> {
    T call() throws IOException;
  }

  /** The file system of {@code path} (a bare path is local), with the user's {@code hadoop.<key>} options. */
  static HadoopFiles open(String path, Map<String, String> hadoopOptions) throws IOException {
    return call(() -> {
      Configuration conf = new Configuration();
      conf.setClassLoader(HadoopFiles.class.getClassLoader());
      conf.set("fs.file.impl", LocalFiles.class.getName());
      conf.setBoolean("fs.file.impl.disable.cache", true);
      // Not by Hadoop's shutdown hook: the runtime's stop may still be committing a batch.
      conf.setBoolean("fs.automatic.close", false);
      hadoopOptions.forEach(conf::set);
      URI uri = new Path(path).toUri();
      Path root = uri.getScheme() == null ? new Path(new java.io.File(path).getAbsoluteFile().toURI()) : new Path(uri);
      FileSystem fs = root.getFileSystem(conf);
      return new HadoopFiles(conf, fs, fs.makeQualified(root));
    });
  }

  /** {@code relative} (slash-separated) under the output path. */
  Path resolve(String relative) {
    return new Path(root, relative);
  }

  /** Runs {@code call} with this plugin's class loader as the thread's context class loader. */
  static <T> T call(Call<T> call) throws IOException {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(HadoopFiles.class.getClassLoader());
    try {
      return call.call();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }
}
