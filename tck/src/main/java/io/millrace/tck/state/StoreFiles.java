package io.millrace.tck.state;

import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.TreeMap;

/** The files under a store's path, as its storage lists them, and ways to damage one. */
final class StoreFiles {
  private StoreFiles() {}

  /** Every file under {@code dir}, recursively: path to size. */
  static TreeMap<String, Long> list(Storage storage, URI dir) {
    TreeMap<String, Long> out = new TreeMap<>();
    try {
      collect(storage, dir, out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
    return out;
  }

  private static void collect(Storage storage, URI dir, TreeMap<String, Long> out) throws IOException {
    for (FileInfo f : storage.list(dir)) {
      if (f.directory()) {
        collect(storage, f.path(), out);
      } else {
        out.put(f.path().toString(), f.size());
      }
    }
  }

  /** The names that look like leftovers of unfinished writes: starting with '.' or ending with '.tmp'. */
  static List<String> temporary(TreeMap<String, Long> files) {
    return files.keySet().stream().filter(p -> name(p).startsWith(".") || name(p).endsWith(".tmp")).toList();
  }

  static String name(String path) {
    String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    return p.substring(p.lastIndexOf('/') + 1);
  }

  static byte[] read(Storage storage, String path) {
    try {
      return storage.readAll(URI.create(path));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path, e);
    }
  }

  /** Replaces the file at {@code path} with {@code bytes} (storages have no overwrite: delete, then create). */
  static void replace(Storage storage, String path, byte[] bytes) {
    try {
      URI uri = URI.create(path);
      storage.delete(uri);
      if (!storage.createIfAbsent(uri, bytes)) {
        throw new IllegalStateException("the TCK could not rewrite " + path + ": it reappeared after delete");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot rewrite " + path, e);
    }
  }
}
