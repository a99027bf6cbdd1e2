package io.millrace.tck.storage;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Broken on purpose, the way a write-behind cache is: a commit puts the file into a map of
 * pending files, which every call of this storage sees at once, and {@link #close()} writes
 * them through to the storage underneath. Whoever shares the map sees a committed file; nobody
 * else does until a close. {@link InstanceBufferedStorageProvider} gives each instance a map
 * of its own; {@link StaticWriteBehindStorageProvider} shares one in a static field.
 */
final class WriteBehindStorage extends ForwardingStorage {
  private final String scheme;
  private final ConcurrentSkipListMap<String, byte[]> pending;

  WriteBehindStorage(Storage delegate, String scheme, ConcurrentSkipListMap<String, byte[]> pending) {
    super(delegate);
    this.scheme = scheme;
    this.pending = pending;
  }

  private static String key(URI path) {
    String p = path.getPath();
    return p.endsWith("/") && p.length() > 1 ? p.substring(0, p.length() - 1) : p;
  }

  private static URI uri(URI like, String key) {
    return URI.create(like.getScheme() + ":" + key);
  }

  @Override
  public AtomicOutputStream create(URI path) {
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
        if (delegate.status(path).isPresent() || pending.putIfAbsent(key(path), buffer.toByteArray()) != null) {
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
    byte[] bytes = pending.get(key(path));
    return bytes != null ? new ByteArrayInputStream(bytes) : delegate.open(path);
  }

  @Override
  public Optional<FileInfo> status(URI path) throws IOException {
    String k = key(path);
    byte[] bytes = pending.get(k);
    if (bytes != null) {
      return Optional.of(new FileInfo(uri(path, k), bytes.length, System.currentTimeMillis(), false));
    }
    Optional<FileInfo> below = delegate.status(path);
    if (below.isEmpty() && hasPendingUnder(k)) {
      return Optional.of(new FileInfo(uri(path, k), 0, System.currentTimeMillis(), true));
    }
    return below;
  }

  private boolean hasPendingUnder(String k) {
    String next = pending.ceilingKey(k + "/");
    return next != null && next.startsWith(k + "/");
  }

  @Override
  public List<FileInfo> list(URI dir) throws IOException {
    Map<String, FileInfo> children = new TreeMap<>();
    for (FileInfo f : delegate.list(dir)) {
      children.put(f.name(), f);
    }
    String prefix = key(dir) + "/";
    for (Map.Entry<String, byte[]> e : pending.tailMap(prefix).entrySet()) {
      if (!e.getKey().startsWith(prefix)) {
        break;
      }
      String rest = e.getKey().substring(prefix.length());
      int slash = rest.indexOf('/');
      if (slash < 0) {
        children.put(rest, new FileInfo(uri(dir, e.getKey()), e.getValue().length, System.currentTimeMillis(), false));
      } else {
        children.putIfAbsent(rest.substring(0, slash),
            new FileInfo(uri(dir, prefix + rest.substring(0, slash)), 0, System.currentTimeMillis(), true));
      }
    }
    return new ArrayList<>(children.values());
  }

  @Override
  public boolean delete(URI path) throws IOException {
    String k = key(path);
    boolean existed = pending.remove(k) != null;
    for (String under : new ArrayList<>(pending.tailMap(k + "/").keySet())) {
      if (!under.startsWith(k + "/")) {
        break;
      }
      existed |= pending.remove(under) != null;
    }
    return delegate.delete(path) | existed;
  }

  /** Writes the pending files through. */
  @Override
  public void close() throws IOException {
    for (Map.Entry<String, byte[]> e : new ArrayList<>(pending.entrySet())) {
      delegate.createIfAbsent(URI.create(scheme + ":" + e.getKey()), e.getValue());
      pending.remove(e.getKey());
    }
  }
}
