package io.millrace.tck.storage;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import io.millrace.spi.storage.StorageLock;
import io.millrace.tck.Tck;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Broken on purpose: commit checks that the target is absent and then writes it, in two steps,
 * yet {@link #capabilities()} claims atomic create-if-absent. To make the race certain rather
 * than likely, a commit that passed the check waits until every open write of the same path
 * has passed it too, and only then writes (overwriting). Everything else is the storage it
 * wraps (the reference disk storage), so the suite must fail F01 and nothing else.
 */
final class NonAtomicCreateStorage implements Storage {
  private static final Duration WAIT = Duration.ofSeconds(30);

  private final Storage delegate;
  private final Map<String, Integer> openWrites = new HashMap<>();
  private final Map<String, Integer> passedCheck = new HashMap<>();

  NonAtomicCreateStorage(Storage delegate) {
    this.delegate = delegate;
  }

  @Override
  public StorageCapabilities capabilities() {
    return new StorageCapabilities(true, delegate.capabilities().locks());
  }

  @Override
  public AtomicOutputStream create(URI path) {
    String key = path.normalize().toString();
    synchronized (this) {
      openWrites.merge(key, 1, Integer::sum);
    }
    return new CheckThenWrite(path, key);
  }

  private final class CheckThenWrite extends AtomicOutputStream {
    private final URI path;
    private final String key;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private boolean done;

    CheckThenWrite(URI path, String key) {
      this.path = path;
      this.key = key;
    }

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
      if (delegate.status(path).isPresent()) {
        finish(false);
        throw new FileAlreadyExistsException(path.toString());
      }
      try {
        awaitEveryWriterPastTheCheck(key);
        overwrite(path, buffer.toByteArray());
      } finally {
        finish(true);
      }
    }

    @Override
    public void abort() {
      if (!done) {
        finish(false);
      }
    }

    private void finish(boolean checked) {
      done = true;
      synchronized (NonAtomicCreateStorage.this) {
        openWrites.merge(key, -1, Integer::sum);
        if (checked) {
          passedCheck.merge(key, -1, Integer::sum);
        }
        NonAtomicCreateStorage.this.notifyAll();
      }
    }
  }

  /** The widened window between check and write: all open writers of the path pass the check first. */
  private synchronized void awaitEveryWriterPastTheCheck(String key) throws IOException {
    passedCheck.merge(key, 1, Integer::sum);
    notifyAll();
    long deadline = System.nanoTime() + Tck.timeout(WAIT).toNanos();
    while (passedCheck.get(key) < openWrites.get(key)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new IOException("other writers of " + key + " never reached commit");
      }
      try {
        wait(Math.max(1, left / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
    }
  }

  private synchronized void overwrite(URI path, byte[] bytes) throws IOException {
    delegate.delete(path);
    try (AtomicOutputStream out = delegate.create(path)) {
      out.write(bytes);
      out.commit();
    }
  }

  @Override
  public InputStream open(URI path) throws IOException {
    return delegate.open(path);
  }

  @Override
  public Optional<FileInfo> status(URI path) throws IOException {
    return delegate.status(path);
  }

  @Override
  public List<FileInfo> list(URI dir) throws IOException {
    return delegate.list(dir);
  }

  @Override
  public boolean delete(URI path) throws IOException {
    return delegate.delete(path);
  }

  @Override
  public void mkdirs(URI dir) throws IOException {
    delegate.mkdirs(dir);
  }

  @Override
  public Optional<StorageLock> tryLock(URI path) throws IOException {
    return delegate.tryLock(path);
  }
}
