package io.millrace.tck.reference;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import io.millrace.spi.storage.StorageLock;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Files as immutable byte arrays in a sorted concurrent map. A write is buffered and published
 * with {@code putIfAbsent}, so create-if-absent is atomic and a reader sees all or nothing.
 * Directories exist implicitly while they hold a file, and explicitly once made.
 */
final class InMemoryStorage implements Storage {
  private record Entry(byte[] bytes, long modified) {}

  private final ConcurrentSkipListMap<String, Entry> files = new ConcurrentSkipListMap<>();
  private final Set<String> dirs = ConcurrentHashMap.newKeySet();
  private final Set<String> locks = ConcurrentHashMap.newKeySet();

  private static String key(URI uri) {
    String path = uri.getPath();
    return path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
  }

  private static URI uri(String path) {
    return URI.create("mem:" + path);
  }

  @Override
  public StorageCapabilities capabilities() {
    return new StorageCapabilities(true, true);
  }

  @Override
  public AtomicOutputStream create(URI path) {
    String target = key(path);
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    return new AtomicOutputStream() {
      private boolean done;

      @Override
      public void write(int b) {
        buffer.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        buffer.write(b, off, len);
      }

      @Override
      public void commit() throws IOException {
        if (done) {
          throw new IOException("already committed or aborted: " + path);
        }
        done = true;
        if (files.putIfAbsent(target, new Entry(buffer.toByteArray(), System.currentTimeMillis())) != null) {
          throw new FileAlreadyExistsException(path.toString());
        }
      }

      @Override
      public void abort() {
        done = true;
      }
    };
  }

  @Override
  public InputStream open(URI path) throws IOException {
    Entry e = files.get(key(path));
    if (e == null) {
      throw new NoSuchFileException(path.toString());
    }
    return new ByteArrayInputStream(e.bytes());
  }

  @Override
  public Optional<FileInfo> status(URI path) {
    String k = key(path);
    Entry e = files.get(k);
    if (e != null) {
      return Optional.of(new FileInfo(uri(k), e.bytes().length, e.modified(), false));
    }
    return isDirectory(k) ? Optional.of(new FileInfo(uri(k), 0, 0, true)) : Optional.empty();
  }

  private boolean isDirectory(String k) {
    String prefix = k + "/";
    String next = files.ceilingKey(prefix);
    return dirs.contains(k) || (next != null && next.startsWith(prefix));
  }

  @Override
  public List<FileInfo> list(URI dir) {
    String prefix = key(dir) + "/";
    Map<String, FileInfo> children = new java.util.TreeMap<>();
    for (Map.Entry<String, Entry> e : files.tailMap(prefix).entrySet()) {
      if (!e.getKey().startsWith(prefix)) {
        break;
      }
      String rest = e.getKey().substring(prefix.length());
      int slash = rest.indexOf('/');
      if (slash < 0) {
        children.put(rest, new FileInfo(uri(e.getKey()), e.getValue().bytes().length, e.getValue().modified(), false));
      } else {
        String child = prefix + rest.substring(0, slash);
        children.putIfAbsent(rest.substring(0, slash), new FileInfo(uri(child), 0, 0, true));
      }
    }
    for (String d : dirs) {
      if (d.startsWith(prefix) && d.indexOf('/', prefix.length()) < 0) {
        children.putIfAbsent(d.substring(prefix.length()), new FileInfo(uri(d), 0, 0, true));
      }
    }
    return new ArrayList<>(children.values());
  }

  @Override
  public boolean delete(URI path) {
    String k = key(path);
    boolean existed = files.remove(k) != null;
    String prefix = k + "/";
    for (String f : new ArrayList<>(files.tailMap(prefix).keySet())) {
      if (!f.startsWith(prefix)) {
        break;
      }
      existed |= files.remove(f) != null;
    }
    existed |= dirs.remove(k);
    dirs.removeIf(d -> d.startsWith(prefix));
    return existed;
  }

  @Override
  public void mkdirs(URI dir) {
    String k = key(dir);
    while (!k.isEmpty() && !k.equals("/")) {
      dirs.add(k);
      k = k.substring(0, Math.max(k.lastIndexOf('/'), 0));
    }
  }

  @Override
  public Optional<StorageLock> tryLock(URI path) {
    String k = key(path);
    if (!locks.add(k)) {
      return Optional.empty();
    }
    return Optional.of(() -> locks.remove(k));
  }
}
