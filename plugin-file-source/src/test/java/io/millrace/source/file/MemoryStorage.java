package io.millrace.source.file;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * A storage in memory, so that a test can run ten thousand batches in seconds: no disk, no
 * fsync. Files get their modification time from {@code clock}; it counts the bytes written into
 * each file name's kind ({@link #bytesWritten}). Single-threaded use only.
 */
final class MemoryStorage implements Storage {
  private record Node(byte[] bytes, long modified) {}

  private final TreeMap<String, Node> files = new TreeMap<>();
  private final Set<String> directories = new LinkedHashSet<>();
  private final Map<String, Long> bytesWritten = new TreeMap<>();
  private final LongSupplier clock;

  MemoryStorage(LongSupplier clock) {
    this.clock = clock;
  }

  /**
   * Bytes written so far into files of one kind: their names without digits and dashes, so
   * {@code ""} for log entries ({@code 17}) and {@code ".compact"} for compact files.
   */
  long bytesWritten(String kind) {
    return bytesWritten.getOrDefault(kind, 0L);
  }

  /** The total size of the files directly in {@code dir}. */
  long sizeOf(URI dir) {
    long sum = 0;
    for (FileInfo f : list(dir)) {
      sum += f.size();
    }
    return sum;
  }

  private static String key(URI uri) {
    String s = uri.toString();
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }

  private static String kind(String name) {
    StringBuilder kind = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c != '-' && (c < '0' || c > '9')) {
        kind.append(c);
      }
    }
    return kind.toString();
  }

  private static String name(String key) {
    return key.substring(key.lastIndexOf('/') + 1);
  }

  @Override
  public StorageCapabilities capabilities() {
    return new StorageCapabilities(true, false);
  }

  @Override
  public AtomicOutputStream create(URI path) {
    String key = key(path);
    return new AtomicOutputStream() {
      private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

      @Override
      public void write(int b) {
        buffer.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        buffer.write(b, off, len);
      }

      @Override
      public void commit() throws FileAlreadyExistsException {
        if (files.containsKey(key)) {
          throw new FileAlreadyExistsException(key);
        }
        files.put(key, new Node(buffer.toByteArray(), clock.getAsLong()));
        String kind = kind(name(key));
        bytesWritten.merge(kind, (long) buffer.size(), Long::sum);
      }

      @Override
      public void abort() {}
    };
  }

  @Override
  public InputStream open(URI path) throws NoSuchFileException {
    Node node = files.get(key(path));
    if (node == null) {
      throw new NoSuchFileException(path.toString());
    }
    return new ByteArrayInputStream(node.bytes());
  }

  @Override
  public Optional<FileInfo> status(URI path) {
    String key = key(path);
    Node node = files.get(key);
    if (node != null) {
      return Optional.of(new FileInfo(URI.create(key), node.bytes().length, node.modified(), false));
    }
    String prefix = key + "/";
    String next = files.ceilingKey(prefix);
    if (directories.contains(key) || (next != null && next.startsWith(prefix))) {
      return Optional.of(new FileInfo(URI.create(key), 0, 0, true));
    }
    return Optional.empty();
  }

  @Override
  public List<FileInfo> list(URI dir) {
    String prefix = key(dir) + "/";
    List<FileInfo> out = new ArrayList<>();
    Set<String> subdirectories = new LinkedHashSet<>();
    for (Map.Entry<String, Node> e : files.subMap(prefix, prefix + Character.MAX_VALUE).entrySet()) {
      String rest = e.getKey().substring(prefix.length());
      int slash = rest.indexOf('/');
      if (slash < 0) {
        out.add(new FileInfo(URI.create(e.getKey()), e.getValue().bytes().length, e.getValue().modified(), false));
      } else {
        subdirectories.add(prefix + rest.substring(0, slash));
      }
    }
    subdirectories.forEach(d -> out.add(new FileInfo(URI.create(d), 0, 0, true)));
    return out;
  }

  @Override
  public boolean delete(URI path) {
    String key = key(path);
    boolean found = files.remove(key) != null;
    Map<String, Node> under = files.subMap(key + "/", key + "/" + Character.MAX_VALUE);
    found |= !under.isEmpty();
    under.clear();
    return found;
  }

  @Override
  public void mkdirs(URI dir) {
    directories.add(key(dir));
  }
}
