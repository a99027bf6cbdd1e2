package io.millrace.it;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A look at a checkpoint from outside the engine: a plain Hadoop {@link FileSystem} client of
 * the store (file:, hdfs: or s3a:), configured from the session's {@code millrace.hadoop.*}
 * settings, that sees every file, temporary ones included.
 */
final class CheckpointFiles implements AutoCloseable {
  private static final String HADOOP_PREFIX = "millrace.hadoop.";

  private final URI root;
  private final FileSystem fs;

  private CheckpointFiles(URI root, FileSystem fs) {
    this.root = root;
    this.fs = fs;
  }

  /** A client of the store holding {@code root} (a directory URI ending in '/'). */
  static CheckpointFiles of(URI root, Map<String, String> session) throws IOException {
    Configuration conf = new Configuration();
    session.forEach((key, value) -> {
      if (key.startsWith(HADOOP_PREFIX)) {
        conf.set(key.substring(HADOOP_PREFIX.length()), value);
      }
    });
    return new CheckpointFiles(root, FileSystem.newInstance(root, conf));
  }

  /** Every file under the checkpoint, recursively: path relative to the root (such as {@code offsets/0}) to size. */
  TreeMap<String, Long> list() throws IOException {
    TreeMap<String, Long> files = new TreeMap<>();
    collect(new Path(root), "", files);
    return files;
  }

  private void collect(Path dir, String prefix, TreeMap<String, Long> files) throws IOException {
    for (FileStatus status : fs.listStatus(dir)) {
      String name = prefix + status.getPath().getName();
      if (status.isDirectory()) {
        collect(status.getPath(), name + "/", files);
      } else {
        files.put(name, status.getLen());
      }
    }
  }

  /** The bytes of {@code relative} (such as {@code offsets/1}). */
  byte[] read(String relative) throws IOException {
    try (var in = fs.open(path(relative))) {
      return in.readAllBytes();
    }
  }

  /** Deletes the file {@code relative}, failing if it was not there. */
  void delete(String relative) throws IOException {
    if (!fs.delete(path(relative), false)) {
      throw new IOException("nothing to delete at " + root.resolve(relative));
    }
  }

  private Path path(String relative) {
    return new Path(root.resolve(relative));
  }

  @Override
  public void close() throws IOException {
    fs.close();
  }
}
