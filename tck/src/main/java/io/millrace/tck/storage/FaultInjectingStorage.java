package io.millrace.tck.storage;

import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import io.millrace.spi.storage.StorageLock;
import io.millrace.tck.SimulatedCrash;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link Storage} wrapper that counts the files a plugin publishes and can crash the
 * "process" at the n-th publish: it throws {@link SimulatedCrash} from
 * {@link AtomicOutputStream#commit()} either before the file is published or right after.
 * Hand it to a plugin through a context whose {@code storage(uri)} returns it.
 *
 * <p>Like a dead process, once the crash fired every further call fails with
 * {@link SimulatedCrash}, except abandoning open streams ({@code abort}/{@code close}), which
 * stands for the storage's own clean-up of unfinished writes. After the crash, drop the plugin
 * and continue with a fresh one on the unwrapped storage.
 */
public final class FaultInjectingStorage implements Storage {
  /** When the armed crash happens relative to publishing the file. */
  public enum Moment {
    /** The file is not published. */
    BEFORE_PUBLISH,
    /** The file is published, but the plugin never learns it. */
    AFTER_PUBLISH
  }

  private final Storage delegate;
  private final FaultPoint reportedAs;
  private final AtomicInteger publishes = new AtomicInteger();
  private final AtomicBoolean crashed = new AtomicBoolean();
  private volatile int crashAtPublish = -1;
  private volatile Moment moment = Moment.BEFORE_PUBLISH;

  /**
   * @param reportedAs the fault point the {@link SimulatedCrash} names, such as
   *     {@link FaultPoint#INSIDE_STATE_COMMIT}
   */
  public FaultInjectingStorage(Storage delegate, FaultPoint reportedAs) {
    this.delegate = delegate;
    this.reportedAs = reportedAs;
  }

  /** Crashes at the {@code nth} publish (1-based) counted from now, at {@code moment}. */
  public FaultInjectingStorage crashAtPublish(int nth, Moment moment) {
    if (nth < 1) {
      throw new IllegalArgumentException("nth must be at least 1, was " + nth);
    }
    this.moment = moment;
    this.crashAtPublish = publishes.get() + nth;
    return this;
  }

  /** How many files were published through this wrapper (including one published by an AFTER_PUBLISH crash). */
  public int publishes() {
    return publishes.get();
  }

  /** Whether the armed crash happened. */
  public boolean crashed() {
    return crashed.get();
  }

  private void alive(String call) {
    if (crashed.get()) {
      throw new SimulatedCrash(reportedAs, "storage call " + call + " after the simulated crash");
    }
  }

  private void publish(AtomicOutputStream out, URI path) throws IOException {
    alive("commit " + path);
    int next = publishes.get() + 1;
    boolean crashHere = next == crashAtPublish;
    if (crashHere && moment == Moment.BEFORE_PUBLISH) {
      crashed.set(true);
      throw new SimulatedCrash(reportedAs, "before publishing " + path + " (publish #" + next + ")");
    }
    out.commit();
    publishes.incrementAndGet();
    if (crashHere) {
      crashed.set(true);
      throw new SimulatedCrash(reportedAs, "after publishing " + path + " (publish #" + next + ")");
    }
  }

  @Override
  public StorageCapabilities capabilities() {
    return delegate.capabilities();
  }

  @Override
  public AtomicOutputStream create(URI path) throws IOException {
    alive("create " + path);
    AtomicOutputStream out = delegate.create(path);
    return new AtomicOutputStream() {
      @Override
      public void write(int b) throws IOException {
        alive("write " + path);
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        alive("write " + path);
        out.write(b, off, len);
      }

      @Override
      public void flush() throws IOException {
        alive("flush " + path);
        out.flush();
      }

      @Override
      public void commit() throws IOException {
        publish(out, path);
      }

      @Override
      public void abort() {
        out.abort();
      }
    };
  }

  @Override
  public InputStream open(URI path) throws IOException {
    alive("open " + path);
    return delegate.open(path);
  }

  @Override
  public Optional<FileInfo> status(URI path) throws IOException {
    alive("status " + path);
    return delegate.status(path);
  }

  @Override
  public List<FileInfo> list(URI dir) throws IOException {
    alive("list " + dir);
    return delegate.list(dir);
  }

  @Override
  public boolean delete(URI path) throws IOException {
    alive("delete " + path);
    return delegate.delete(path);
  }

  @Override
  public void mkdirs(URI dir) throws IOException {
    alive("mkdirs " + dir);
    delegate.mkdirs(dir);
  }

  @Override
  public Optional<StorageLock> tryLock(URI path) throws IOException {
    alive("tryLock " + path);
    return delegate.tryLock(path);
  }

  /** Does not close the wrapped storage, which the suites share. */
  @Override
  public void close() {}
}
